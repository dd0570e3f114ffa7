import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// A person signs in through the app's user agent: the authorization code flow with PKCE, the
/// redirect back to ``redirectURI`` checked exactly (RFC 8252). A step-up's RFC 9470 challenge
/// is sent as `acr_values` and `max_age`, and a new sign-in whose ID token does not meet it is
/// refused (`OAuthError/Kind/insufficientAuthentication`).
///
/// ```swift
/// let signIn = BrowserSignIn(
///     client: .dynamic(clientName: "My App"),
///     redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
///     userAgent: LoopbackUserAgent())
/// ```
public struct BrowserSignIn: ResourceSignInMethod {
    /// How the client comes by its client ID.
    public let client: ResourceClient
    /// Where the authorization server sends the user back (a server's catalog entry may change
    /// its loopback host).
    public private(set) var redirect: RegisteredRedirectURI
    /// What shows the sign-in.
    public let userAgent: any ExternalUserAgent

    /// Signs in through `userAgent`, coming back to `redirectURI`, as the client `client` says.
    public init(client: ResourceClient, redirectURI: RegisteredRedirectURI, userAgent: any ExternalUserAgent) {
        self.client = client
        self.redirect = redirectURI
        self.userAgent = userAgent
    }

    /// ``redirect``: a browser sign-in always has one.
    public var redirectURI: RegisteredRedirectURI? { redirect }

    /// The authorization code flow.
    public var grant: ResourceGrant { .authorizationCode }
    /// A person signs in.
    public var involvesPerson: Bool { true }

    /// A sign-in through the user agent for `demand`.
    public func signIn(
        for demand: SignInDemand, in context: ResourceSignInContext
    ) async throws(OAuthError)
        -> SignIn<DiscoveredProvider>
    {
        let signIn = try await context.client.signIn(
            with: userAgent, redirectURI: redirect, scopes: demand.scopes.map { ScopeValue(rawValue: $0) },
            parameters: AuthorizationParameters(
                maxAge: demand.maxAge, acrValues: demand.acrValues.map(AnyACRValue.init(rawValue:))))
        if let problem = StepUp.authenticationProblem(
            acr: signIn.authenticationContextClass?.rawValue, hasIDToken: signIn.idToken != nil,
            acrValues: demand.acrValues)
        {
            throw OAuthError(.insufficientAuthentication, problem)
        }
        return signIn
    }

    /// The app's loopback redirect URI sent with `host` (the port and path as they were), for a
    /// server that compares redirect URIs as strings; unchanged where the registration lists its
    /// own (a metadata document) or the redirect is not a loopback one.
    public func redirecting(loopbackHost host: ServerQuirks.LoopbackHost) -> any ResourceSignInMethod {
        guard !client.strategy.fixesRedirectURIs, let changed = redirect.withLoopbackHost(host) else { return self }
        var method = self
        method.redirect = changed
        return method
    }

    /// The client and redirect; never a secret.
    public var description: String {
        "browser sign-in (\(client), redirect \(redirect.url.absoluteString))"
    }
}
