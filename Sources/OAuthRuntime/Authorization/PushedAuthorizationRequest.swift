import Foundation

extension OAuthClient {
    /// Whether authorization requests go to the pushed authorization request endpoint first
    /// (RFC 9126): when the provider's metadata requires it, or its quirk file asks for it.
    public var pushesAuthorizationRequests: Bool {
        configuration.metadata.requirePushedAuthorizationRequests || configuration.quirks.pushedAuthorizationRequests
    }

    /// Sends the request's parameters to the PAR endpoint (RFC 9126 §2.1) with the client's
    /// authentication, and returns the request whose URL carries only `client_id` and the
    /// `request_uri` it answered with (§4). The pending authorization is unchanged: state,
    /// nonce and PKCE verifier are the ones pushed.
    func pushed(
        _ request: AuthorizationRequest<Provider>, now: Date
    ) async throws(OAuthError) -> AuthorizationRequest<Provider> {
        let name = "pushed authorization request endpoint"
        guard let endpoint = configuration.endpoints.pushedAuthorizationRequest else {
            throw OAuthError.missingEndpoint(name)
        }
        // client_id goes once, from the client authentication (or as the request's own parameter).
        let parameters = request.parameters.filter { $0.name != "client_id" }.map { ($0.name, $0.value) }
        func push(proofBy key: DPoPSigningKey?) async throws(OAuthError) -> HTTPResponse {
            try await TokenEndpointExchange.post(
                parameters, to: endpoint, name: name, configuration: configuration, authentication: authentication,
                transport: transport, dpopKey: key, nonces: dpopNonces, namingClient: true)
        }
        var response = try await push(proofBy: request.pending.dpopKey)
        // With a proof (RFC 9449 §10.1: some servers insist on one there). A server that refuses
        // it for want of a nonce it never offered (Glewlwyd: 403 `invalid_dpop_proof`, no
        // `DPoP-Nonce`) gets the push again without one: `dpop_jkt` still binds the code to the key.
        if request.pending.dpopKey != nil, Self.refusesProofWithoutOfferingANonce(response) {
            response = try await push(proofBy: nil)
        }
        // §2.2 says 201 Created; a 200 carrying the same answer is taken too (nothing depends on the code).
        guard response.status == 201 || response.status == 200 else {
            throw TokenResponseDecoder.failure(
                for: response, quirks: configuration.quirks.tokenResponse, endpoint: name)
        }
        guard let object = try? JSONDecoder().decode([String: ClaimValue].self, from: response.body) else {
            throw OAuthError.invalidPushedAuthorization("a body that is not a JSON object")
        }
        guard let requestURI = object["request_uri"]?.stringValue, !requestURI.isEmpty else {
            throw OAuthError.invalidPushedAuthorization("no \"request_uri\" string")
        }
        guard let expiresIn = object["expires_in"]?.intValue, expiresIn > 0 else {
            throw OAuthError.invalidPushedAuthorization("no positive \"expires_in\" number")
        }
        let url = try AuthorizationRequest<Provider>.url(
            endpoint: configuration.endpoints.authorization,
            parameters: [("client_id", clientID), ("request_uri", requestURI)])
        var result = request
        result.url = url
        result.expiresAt = now.addingTimeInterval(TimeInterval(expiresIn))
        return result
    }

    private static func refusesProofWithoutOfferingANonce(_ response: HTTPResponse) -> Bool {
        guard (400...403).contains(response.status), response.header("DPoP-Nonce") == nil,
            let object = try? JSONDecoder().decode([String: ClaimValue].self, from: response.body)
        else { return false }
        return object["error"]?.stringValue == "invalid_dpop_proof"
    }
}
