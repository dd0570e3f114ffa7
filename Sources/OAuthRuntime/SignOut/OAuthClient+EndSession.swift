import Foundation

extension OAuthClient {
    /// Signs the user out at the provider through the user agent (OpenID Connect RP-Initiated
    /// Logout 1.0 §2–3): the end-session URL with `id_token_hint`, `client_id`, the post-logout
    /// redirect URI and a fresh `state` is shown, and the return to the post-logout redirect URI
    /// must carry that `state`. Tokens are not touched here: the session revokes and forgets them.
    func endSession(
        of signIn: SignIn<Provider>, with agent: some ExternalUserAgent, postLogoutRedirectURI: URL
    ) async throws(OAuthError) {
        guard configuration.endpoints.endSession != nil else {
            throw OAuthError.missingEndpoint("end-session endpoint")
        }
        let registered = try RegisteredRedirectURI(postLogoutRedirectURI)
        guard agent.accepts(registered.kind) else {
            throw OAuthError.invalidRequest(
                "expected a post-logout redirect URI the user-agent can receive, found a \(registered.kind): \(postLogoutRedirectURI.absoluteString)"
            )
        }
        let state = SecureRandom.base64URLToken(bytes: 32)
        var sent: URL?
        let callback = try await agent.authorize(on: registered) {
            (redirect: URL) async throws(OAuthError) -> (url: URL, state: String) in
            guard let url = endSessionURL(idTokenHint: signIn.idToken, postLogoutRedirectURI: redirect, state: state)
            else {
                throw OAuthError.missingEndpoint("end-session endpoint")
            }
            sent = redirect
            return (url, state)
        }
        guard let sent else {
            throw OAuthError.invalidRequest("expected the user-agent to show the end-session request, found it did not")
        }
        try Self.checkLogoutReturn(callback, redirect: sent, state: state)
    }

    /// The return is checked as an authorization callback's is: the redirect URI that was sent
    /// (a loopback one at any port, RFC 8252 §7.3), no parameter twice, exactly the `state` sent.
    static func checkLogoutReturn(_ callback: URL, redirect: URL, state: String) throws(OAuthError) {
        try AuthorizationCallback.requireSameRedirect(callback, redirect)
        guard let found = try AuthorizationCallback.queryParameters(of: callback)["state"],
            AuthorizationCallback.constantTimeEqual(found, state)
        else { throw OAuthError.stateMismatch }
    }
}

extension OAuthSession where Provider: SupportsEndSession {
    /// Signs out at the provider, then here (OpenID Connect RP-Initiated Logout 1.0).
    ///
    /// Shows the provider's end-session page in `agent`, checks that the return to
    /// `postLogoutRedirectURI` (registered with the provider as a post-logout redirect URI) carries
    /// the `state` sent, then revokes the refresh token and forgets the sign-in as ``signOut()``
    /// does — revoking is not left to the provider, some of which keep refresh tokens obtained by
    /// refreshing alive after a logout. If the provider's part fails, the sign-in is kept and the
    /// error says why; ``signOut()`` still ends it here. After the provider's part, failures are
    /// reported as ``signOut()`` reports them: thrown, with the session signed out.
    ///
    /// - Parameters:
    ///   - agent: shows the provider's end-session page and receives the return.
    ///   - postLogoutRedirectURI: one of the provider's registered post-logout redirect URIs (the
    ///     quirk file's `postLogoutRedirectURIs`), which the build checked.
    @discardableResult
    public func signOut(
        with agent: some ExternalUserAgent, postLogoutRedirectURI: Provider.PostLogoutRedirectURI
    ) async throws(OAuthError) -> SignOutOutcome {
        try await endSessionThenSignOut(with: agent, postLogoutRedirectURI: postLogoutRedirectURI.registered.url)
    }
}

extension OAuthSession where Provider == DiscoveredProvider {
    /// Signs out at the provider, then here, for a provider described at run time; its
    /// end-session endpoint is required when this is called.
    @discardableResult
    public func signOut(
        with agent: some ExternalUserAgent, postLogoutRedirectURI: URL
    ) async throws(OAuthError) -> SignOutOutcome {
        try await endSessionThenSignOut(with: agent, postLogoutRedirectURI: postLogoutRedirectURI)
    }
}

extension OAuthSession {
    func endSessionThenSignOut(
        with agent: some ExternalUserAgent, postLogoutRedirectURI: URL
    ) async throws(OAuthError) -> SignOutOutcome {
        guard let signIn = try await currentSignIn() else { throw OAuthError.notSignedIn }
        try await client.endSession(of: signIn, with: agent, postLogoutRedirectURI: postLogoutRedirectURI)
        return try await signOut()
    }
}

extension OAuthClient where Provider: SupportsEndSession {
    /// The RP-initiated logout URL (OpenID Connect RP-Initiated Logout 1.0) for a sign-in.
    public func endSessionURL(
        for signIn: SignIn<Provider>, postLogoutRedirectURI: URL? = nil, state: String? = nil
    ) -> URL {
        guard
            let url = endSessionURL(
                idTokenHint: signIn.idToken, postLogoutRedirectURI: postLogoutRedirectURI, state: state)
        else {
            preconditionFailure("a provider that supports end-session has an end-session endpoint")
        }
        return url
    }
}

extension OAuthClient where Provider == DiscoveredProvider {
    /// The RP-initiated logout URL, if the provider described at run time has an end-session endpoint.
    public func endSessionURL(
        for signIn: SignIn<Provider>, postLogoutRedirectURI: URL? = nil, state: String? = nil
    ) -> URL? {
        endSessionURL(idTokenHint: signIn.idToken, postLogoutRedirectURI: postLogoutRedirectURI, state: state)
    }
}

extension OAuthClient {
    func endSessionURL(idTokenHint: VerifiedIDToken?, postLogoutRedirectURI: URL?, state: String?) -> URL? {
        guard let endpoint = configuration.endpoints.endSession,
            var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        else { return nil }
        var pairs: [(String, String)] = [("client_id", clientID)]
        if let idTokenHint { pairs.append(("id_token_hint", idTokenHint.rawValue)) }
        if let postLogoutRedirectURI {
            pairs.append(("post_logout_redirect_uri", postLogoutRedirectURI.absoluteString))
        }
        if let state { pairs.append(("state", state)) }
        let existing = components.percentEncodedQuery.map { $0 + "&" } ?? ""
        components.percentEncodedQuery = existing + FormEncoding.encodeQuery(pairs)
        return components.url
    }
}
