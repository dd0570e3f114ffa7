import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

@_spi(BuildingBlocks) import OAuthResources
/// The run's sign-in at the company's identity provider as the issuer of its ID-JAGs: signed in
/// through the browser only when an ID-JAG is needed and the stored sign-in cannot give one (none
/// yet, or an ID token that expired and that no refresh renewed), and then once for all the
/// processes sharing `--store` (issue 45, item 9: six agents failed at once with `notSignedIn`).
struct IdentityProviderSignIn: IdentityAssertionIssuer {
    let session: OAuthSession<DiscoveredProvider>
    let agent: LoopbackUserAgent
    let redirect: RegisteredRedirectURI
    /// The store whose lock the processes on it take turns to sign in with; nil without `--store`.
    let locking: (any TokenStore)?
    /// How long a process waits for another's sign-in: the run's timeout.
    let timeout: TimeInterval

    var identityProviderIssuer: String { session.identityProviderIssuer }

    func identityAssertion(audience: String, resource: URL, scopes: [String]) async throws(OAuthError) -> ExchangedToken
    {
        do {
            return try await session.identityAssertion(audience: audience, resource: resource, scopes: scopes)
        } catch {
            // The session refreshed first where it could; what is left needs the user.
            guard error.kind == .notSignedIn else { throw error }
        }
        try await signIn()
        return try await session.identityAssertion(audience: audience, resource: resource, scopes: scopes)
    }

    /// Signs in through the browser, holding the store's sign-in lock; a process that waited for
    /// it finds the sign-in another made and opens nothing.
    func signIn() async throws(OAuthError) {
        var lock: TokenStoreLock?
        do {
            lock = try await locking?.holdFirstSignInLock(named: "identity sign-in", timeout: .seconds(timeout))
        } catch {
            throw OAuthError(
                .storageUnavailable,
                "taking the identity provider's sign-in lock (waiting \(Int(timeout)) s at most) failed: \(error)",
                underlyingError: error)
        }
        defer { lock?.release() }
        if let idToken = try await session.currentSignIn()?.idToken,
            idToken.expiresAt > Date().addingTimeInterval(Self.margin)
        {
            return
        }
        var scopes = [ScopeValue(rawValue: "openid")]
        var parameters = AuthorizationParameters<DiscoveredProvider>()
        // Where the provider hands out refresh tokens, the next expired ID token is renewed
        // without the browser (§12.2). OIDC Core §11: offline access is asked with prompt=consent.
        if session.client.configuration.metadata.scopesSupported.contains("offline_access") {
            scopes.append(ScopeValue(rawValue: "offline_access"))
            parameters.prompt = [.consent]
        }
        try await session.signIn(with: agent, redirectURI: redirect, scopes: scopes, parameters: parameters)
    }

    /// How long an ID token must still live for another process's sign-in to be used as it is.
    static let margin: TimeInterval = 5
}
