import Foundation

/// Shows the authorization request to the user in an external user-agent — the system browser
/// or `ASWebAuthenticationSession` — and hands back the URL the response arrived on.
///
/// Embedded web views are not offered (RFC 8252 §8.12): the app could read the user's password.
public protocol ExternalUserAgent: Sendable {
    /// Whether this agent can receive a response on a redirect URI of this kind.
    func accepts(_ kind: RedirectURIKind) -> Bool

    /// Receives one authorization response on `redirectURI`.
    ///
    /// Calls `makeRequest` with the exact redirect URI the request must name (a loopback agent
    /// adds the port it bound), shows the URL it returns, and waits for the response to the
    /// request whose `state` it returns; an agent that other processes can reach (a loopback
    /// listener) ignores responses without it. Cancelling the calling task closes the agent's
    /// listener or web session and throws ``OAuthError/Kind/cancelled``.
    func authorize(
        on redirectURI: RegisteredRedirectURI,
        request makeRequest: (URL) async throws(OAuthError) -> (url: URL, state: String)
    ) async throws(OAuthError) -> URL
}

extension OAuthClient {
    /// A complete sign-in through an external user-agent: request, browser, callback checks,
    /// code exchange and ID token verification.
    ///
    /// - Parameters:
    ///   - agent: the browser or web session that shows the request.
    ///   - redirectURI: one of the provider's registered redirect URIs; by default the first
    ///     whose kind the agent accepts, so the URI that runs is the URI the build checked.
    ///   - scopes: `nil` for the provider's default scopes; an OpenID provider's sign-in always
    ///     asks for `openid`.
    ///   - parameters: optional request parameters: `prompt`, `login_hint`, `max_age`…
    public func signIn(
        with agent: some ExternalUserAgent,
        redirectURI: Provider.RedirectURI? = nil,
        scopes: [Provider.Scope]? = nil,
        parameters: AuthorizationParameters<Provider> = .init()
    ) async throws(OAuthError) -> SignIn<Provider> {
        let registered: RegisteredRedirectURI
        if let redirectURI {
            registered = redirectURI.registered
        } else {
            registered = try defaultRedirectURI(for: agent)
        }
        guard agent.accepts(registered.kind) else {
            throw OAuthError.invalidRequest(
                "expected a redirect URI the user-agent can receive, found a \(registered.kind): \(registered.url.absoluteString)"
            )
        }
        var made: AuthorizationRequest<Provider>?
        let callback = try await agent.authorize(on: registered) {
            (url: URL) async throws(OAuthError) -> (url: URL, state: String) in
            let request = try await authorizationRequest(redirectURI: url, scopes: scopes, parameters: parameters)
            made = request
            // The request's URL is not logged: it carries the state and the PKCE challenge.
            options.telemetry.logger.info(
                "waiting for the sign-in in the browser",
                metadata: [OAuthTelemetryKey.step.rawValue: .string(OAuthProgressStep.waitingForBrowser.rawValue)])
            return (request.url, request.pending.state)
        }
        guard let made else {
            throw OAuthError.invalidRequest(
                "expected the user-agent to make the authorization request, found it did not")
        }
        return try await finishAuthorization(callback: callback, pending: made.pending)
    }

    /// The first registered redirect URI the agent can receive.
    private func defaultRedirectURI(for agent: some ExternalUserAgent) throws(OAuthError) -> RegisteredRedirectURI {
        var kinds: [RedirectURIKind] = []
        for url in configuration.client.redirectURIs {
            let registered = try RegisteredRedirectURI(url)
            if agent.accepts(registered.kind) { return registered }
            kinds.append(registered.kind)
        }
        throw OAuthError.invalidConfiguration(
            "expected a registered redirect URI the user-agent accepts, found \(kinds.isEmpty ? "none registered" : kinds.map(\.description).joined(separator: ", "))"
        )
    }
}
