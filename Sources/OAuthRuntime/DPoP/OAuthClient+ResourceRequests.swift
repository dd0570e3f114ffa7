import Foundation

extension OAuthClient {
    /// Remembers the `DPoP-Nonce` a server sent (RFC 9449 §9): the next proofs for that server
    /// carry it. Call it when a resource server answers 401 with
    /// `WWW-Authenticate: DPoP error="use_dpop_nonce"`, then retry once with new headers.
    public func rememberDPoPNonce(_ nonce: String, from url: URL) async {
        await dpopNonces.remember(nonce, for: url)
    }

    /// The headers that present a sign-in's access token with a request to a resource server:
    /// `Authorization: Bearer …`, or, for DPoP-bound tokens, `Authorization: DPoP …` and a `DPoP`
    /// proof made for exactly this method and URL, with `ath` and the latest nonce the client has
    /// for that server (RFC 9449 §7.1). Make them for each request; a proof is good once.
    public func authorizationHeaders(
        for signIn: SignIn<Provider>, method: String, url: URL
    ) async throws(OAuthError) -> AuthorizationHeaders {
        try authorizationHeaders(for: signIn.tokens, method: method, url: url, nonce: await dpopNonces.nonce(for: url))
    }

    func authorizationHeaders(
        for tokens: TokenSet, method: String, url: URL, nonce: String?
    ) throws(OAuthError) -> AuthorizationHeaders {
        guard let key = tokens.dpopKey else {
            return AuthorizationHeaders(authorization: "Bearer \(tokens.accessToken)", dpop: nil)
        }
        do {
            let proof = try DPoPProof.make(
                key: key, method: method, url: url, accessToken: tokens.accessToken, nonce: nonce)
            return AuthorizationHeaders(authorization: "DPoP \(tokens.accessToken)", dpop: proof)
        } catch {
            throw OAuthError(.invalidRequest, "expected to make a DPoP proof, found: \(error.description)")
        }
    }

    /// Sends `request` with the tokens: Bearer, or DPoP with a proof and one retry when the
    /// server asks for a nonce.
    func sendAuthorized(_ request: HTTPRequest, tokens: TokenSet, name: String) async throws(OAuthError) -> HTTPResponse
    {
        var request = request
        guard let key = tokens.dpopKey else {
            request.headers["Authorization"] = "Bearer \(tokens.accessToken)"
            return try await transport.send(request, to: name)
        }
        request.headers["Authorization"] = "DPoP \(tokens.accessToken)"
        return try await DPoPSender.send(
            request, key: key, accessToken: tokens.accessToken, target: .resource, nonces: dpopNonces,
            transport: transport, name: name)
    }
}

extension AuthorizationHeaders: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
