import Foundation
internal import OAuthPolicy
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension OAuthSession {
    /// Adds the sign-in's access token to `request` for the app's own API: `Authorization:
    /// Bearer …`, or for DPoP-bound tokens `Authorization: DPoP …` and a proof made for exactly
    /// this method and URL. The token is refreshed first if it is about to expire.
    ///
    /// - Throws: ``OAuthError/Kind/insecureEndpoint`` for a URL that is not https (http only on
    ///   127.0.0.1 or [::1], and only for a client made with `allowInsecureLoopback`): a token
    ///   never travels in the clear.
    public func authorize(_ request: inout URLRequest) async throws(OAuthError) {
        guard let url = request.url else {
            throw OAuthError(.invalidRequest, "expected a request with a URL, found none")
        }
        let headers = try await validAuthorizationHeaders(method: request.httpMethod ?? "GET", url: url)
        for (name, value) in headers.fields { request.setValue(value, forHTTPHeaderField: name) }
    }

    /// Sends `request` to the app's own API with the sign-in's access token (``authorize(_:)``),
    /// through the client's transport: no redirect is followed (a 3xx comes back as it is) and the
    /// body is read up to the transport's limit.
    ///
    /// Once, when the server asks for a DPoP nonce (401 `use_dpop_nonce`, RFC 9449 §9), the
    /// request is sent again with a proof carrying it; once, when it says the token is no good
    /// (401 `invalid_token`), the request is sent again with a renewed token: refreshed only while
    /// the session still holds the token the request carried, and never twice for a token such a
    /// refresh gave. Anything else comes back as the server sent it.
    public func data(for request: URLRequest) async throws(OAuthError) -> (Data, HTTPURLResponse) {
        try await data(for: request, stepUp: nil)
    }

    /// ``data(for:)`` with a step-up the caller makes for a refusal asking for one (a
    /// `ProtectedResourceSession`'s); `nil` for none.
    package func data(
        for request: URLRequest, stepUp: (@Sendable (ResourceRefusal) async throws(OAuthError) -> Bool)?
    ) async throws(OAuthError) -> (Data, HTTPURLResponse) {
        guard let url = request.url else {
            throw OAuthError(.invalidRequest, "expected a request with a URL, found none")
        }
        guard request.httpBodyStream == nil else {
            throw OAuthError(
                .invalidRequest,
                "expected a request body as data, found a body stream (it cannot be sent twice for a retry)")
        }
        let transport = client.transport
        do {
            return try await exchange(
                method: request.httpMethod ?? "GET", url: url,
                send: { headers in
                    var authorized = request
                    for (name, value) in headers.fields { authorized.setValue(value, forHTTPHeaderField: name) }
                    let response = try await Self.send(authorized, url: url, through: transport)
                    guard
                        let http = HTTPURLResponse(
                            url: url, statusCode: response.status, httpVersion: "HTTP/1.1",
                            headerFields: response.headers)
                    else {
                        throw OAuthError.unexpectedResponse(
                            status: response.status, contentType: response.mediaType, endpoint: "resource server")
                    }
                    return ((response.body, http), ResourceRefusal(http))
                }, stepUp: stepUp)
        } catch let error as OAuthError {
            throw error
        } catch {
            // The send above throws only OAuthError.
            throw OAuthError.network(endpoint: "resource server", error)
        }
    }

    /// The one loop every request to a resource server goes through — ``data(for:)``, the
    /// OpenAPI middleware, `ProtectedResourceSession` and the MCP transport: the sign-in's
    /// headers made for the request, `send` called with them, and the answer's
    /// ``ResourceRefusal`` (read once) decided here:
    ///
    /// - ``ResourceRefusal/dpopNonce(_:)``: sent again once, with a proof carrying the nonce.
    /// - ``ResourceRefusal/invalidToken``: sent again once with a renewed token
    ///   (``renewAfterRejection(of:)``: refreshed only while the session holds the token sent,
    ///   never twice for a token such a refresh gave).
    /// - A refusal asking for a step-up: sent again once if `stepUp` made one.
    /// - Anything else: the answer, as it came.
    ///
    /// `send` returns ``ResourceRefusal/other`` for an answer it cannot send again (a body
    /// read once). Errors are `send`'s own, or the session's ``OAuthError``.
    @_spi(BuildingBlocks)
    public func exchange<Response: Sendable>(
        method: String, url: URL,
        send: @Sendable (AuthorizationHeaders) async throws -> (response: Response, refusal: ResourceRefusal),
        stepUp: (@Sendable (ResourceRefusal) async throws(OAuthError) -> Bool)? = nil
    ) async throws -> Response {
        var askedForNonce = false
        var renewed = false
        var steppedUp = false
        while true {
            let headers = try await validAuthorizationHeaders(method: method, url: url)
            let (response, refusal) = try await send(headers)
            refusal.report(to: telemetry)
            switch refusal {
            case .dpopNonce(let nonce) where !askedForNonce:
                askedForNonce = true
                await client.rememberDPoPNonce(nonce, from: url)
                continue
            case .invalidToken where !renewed:
                renewed = true
                if let sent = headers.fields["Authorization"], try await renewAfterRejection(of: sent) { continue }
            case _ where refusal.asksForStepUp && !steppedUp:
                steppedUp = true
                if let stepUp, try await stepUp(refusal) { continue }
            default:
                break
            }
            if refusal.acceptsToken, let sent = headers.fields["Authorization"] { await noteAccepted(sent) }
            return response
        }
    }

}

extension OAuthSession {
    /// What to do when a resource server answered `invalid_token` to a request whose
    /// `Authorization` header was `sent`: `true` to send it again with the session's current token.
    ///
    /// - The session holds another token by now (another request's rejection, or expiry,
    ///   refreshed it): no refresh, send it again with that one. Twenty requests around one
    ///   revoked token cost one refresh.
    /// - The token was itself the result of a refresh for such a rejection — by this session, or
    ///   by another sharing its store (the store keeps the mark) — and no resource accepted it
    ///   since: the server refuses a brand-new token for reasons of its own (another audience, a
    ///   clock, a bug) and another refresh would not change that; `false`, the 401 goes back to
    ///   the caller. An API that always answers `invalid_token` costs one refresh, not one per
    ///   call (and, with rotation, one new refresh token per call). A token a resource accepted
    ///   once (``exchange(method:url:send:stepUp:)`` clears the mark) and refuses later —
    ///   expired on the way, revoked — is renewed again, once.
    /// - Otherwise the session refreshes (joining a refresh under way) and says `true`.
    @_spi(BuildingBlocks)
    public func renewAfterRejection(of sent: String) async throws(OAuthError) -> Bool {
        guard let token = sent.split(separator: " ", maxSplits: 1).last.map(String.init),
            let signIn = try await currentSignIn()
        else { return false }
        guard signIn.tokens.accessToken == token else { return true }
        // This session's own mark, or the store's: another session or process sharing the store
        // may have made that refresh (two sessions made a refresh per call without it).
        guard tokenRenewedForRejection != token, !signIn.renewedAfterRejection else { return false }
        let renewed = try await refresh(afterRejection: true)
        tokenRenewedForRejection = renewed.tokens.accessToken
        return true
    }
}

extension OAuthSession {

    /// One request as it is, 3xx included; failures as the runtime reports them.
    package static func send(
        _ request: URLRequest, url: URL, through transport: any HTTPTransport
    ) async throws(OAuthError) -> HTTPResponse {
        let outgoing = HTTPRequest(
            method: request.httpMethod ?? "GET", url: url, headers: request.allHTTPHeaderFields ?? [:],
            body: request.httpBody)
        do {
            return try await transport.send(outgoing)
        } catch let error as OAuthError {
            throw error
        } catch is CancellationError {
            throw OAuthError.taskCancelled
        } catch let error as ResponseTooLarge {
            throw OAuthError.responseTooLarge(endpoint: "resource server", limit: error.limit)
        } catch {
            throw OAuthError.network(endpoint: "resource server", error)
        }
    }
}

extension OAuthSession {
    /// ``validAccessToken()``'s counterpart for DPoP-bound tokens: the headers for one request to
    /// a resource server, refreshed first if needed (`Authorization: DPoP …` and a fresh proof;
    /// `Authorization: Bearer …` when the tokens are not bound).
    ///
    /// - Throws: ``OAuthError/Kind/insecureEndpoint`` for a URL that is not https (http only on
    ///   127.0.0.1 or [::1], for a client made with `allowInsecureLoopback`): a token never
    ///   travels in the clear.
    /// - Throws: ``OAuthError/Kind/resourceNotAllowed`` for a URL outside the origins the session was made with (`allowedResourceOrigins`).
    /// - Throws: ``OAuthError/Kind/resourceNotAllowed`` for a path with a `.` or `..` segment
    ///   or an encoded `.`, `/` or `\`, which a server may read as another path.
    public func validAuthorizationHeaders(method: String, url: URL) async throws(OAuthError) -> AuthorizationHeaders {
        try requireTokenDestination(url)
        _ = try await validAccessToken()
        guard let signIn = try await currentSignIn() else { throw OAuthError.notSignedIn }
        return try await client.authorizationHeaders(for: signIn, method: method, url: url)
    }

    /// The headers for one request with the token the session holds now, neither refreshed nor
    /// signed in for (a best-effort request such as an MCP session's end); `nil` when signed out.
    /// The same destination rules as ``validAuthorizationHeaders(method:url:)``.
    package func currentAuthorizationHeaders(method: String, url: URL) async throws(OAuthError) -> AuthorizationHeaders?
    {
        try requireTokenDestination(url)
        guard let signIn = try await currentSignIn() else { return nil }
        return try await client.authorizationHeaders(for: signIn, method: method, url: url)
    }

    /// Where this session's token may go, checked in this one place before any header is made:
    /// https (http on a loopback literal only when allowed), a path no party reads as another
    /// (`EndpointPolicy.requireTokenPath`), and one of the session's origins when it has them.
    private func requireTokenDestination(_ url: URL) throws(OAuthError) {
        try EndpointPolicy.requireSecure(
            url, name: "resource server", allowInsecureLoopback: client.allowsInsecureLoopback)
        try EndpointPolicy.requireTokenPath(url)
        if let allowed = allowedResourceOrigins, URLOrigin(url).map(allowed.contains) != true {
            throw OAuthError.resourceNotAllowed(url, allowed: Array(allowed))
        }
    }
}
