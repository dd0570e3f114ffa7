import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// How a ``ProtectedResourceSession`` gets and renews its tokens: the grant it uses at the
/// resource's authorization server, the client registration it needs there, and the sign-in
/// itself, for the first sign-in and for each step-up a resource demands.
///
/// The session is handed one and never asks which it is: a new way to sign in is a new type
/// conforming here, with no change to the session. The package's own:
///
/// - ``BrowserSignIn``: the code flow with PKCE through the app's user agent.
/// - ``DeviceGrantSignIn``: the device grant (RFC 8628), its code shown by a presenter.
/// - ``ClientCredentialsIdentity``: the client as itself, with no user (RFC 6749 §4.4).
/// - ``WorkloadIdentity``: the platform's JWT with the jwt-bearer grant (RFC 7523 §2.1).
/// - ``EnterpriseIdentity``: an ID-JAG from the company's identity provider.
public protocol ResourceSignInMethod: Sendable, CustomStringConvertible {
    /// How the client comes by its client ID at the resource's authorization server.
    var client: ResourceClient { get }

    /// The grant the authorization server's metadata must support: discovery checks it, and
    /// nothing else, so a server that never runs the code flow needs no authorization endpoint.
    var grant: ResourceGrant { get }

    /// Whether a person takes part (a user agent opens, a code is shown). Such a sign-in is
    /// refused under `Interaction.never` and counted against ``StepUpLimits``; one without a
    /// person also renews an expired token by signing in again, since no refresh token is
    /// expected of it (RFC 6749 §4.4.3, the ID-JAG draft §5).
    var involvesPerson: Bool { get }

    /// Where the authorization server sends the user back; `nil` for a method with no redirect.
    var redirectURI: RegisteredRedirectURI? { get }

    /// `options` with the credentials the client authenticates with at the token endpoint.
    func clientOptions(_ options: ClientOptions) -> ClientOptions

    /// Signs in for `demand` at `context`'s server, DPoP-bound where its client binds tokens.
    /// The session decides whether the result is kept.
    func signIn(
        for demand: SignInDemand, in context: ResourceSignInContext
    ) async throws(OAuthError)
        -> SignIn<DiscoveredProvider>

    /// Throws when a resource's step-up `demand` cannot be answered by this method, before
    /// anything is sent: `OAuthError/Kind/stepUpUnavailable`, or
    /// `OAuthError/Kind/interactionRequired` where only the app can help.
    func requireStepUp(_ demand: SignInDemand, resource: URL) throws(OAuthError)

    /// This method at a server whose catalog entry wants loopback redirects sent with `host`.
    func redirecting(loopbackHost host: ServerQuirks.LoopbackHost) -> any ResourceSignInMethod
}

extension ResourceSignInMethod {
    /// No redirect: the default for a method that never opens a user agent.
    public var redirectURI: RegisteredRedirectURI? { nil }

    /// `options` unchanged: the registration supplies the client ID.
    public func clientOptions(_ options: ClientOptions) -> ClientOptions { options }

    /// Any demand is answered by signing in again.
    public func requireStepUp(_ demand: SignInDemand, resource: URL) throws(OAuthError) {}

    /// The method unchanged: it sends no redirect URI.
    public func redirecting(loopbackHost host: ServerQuirks.LoopbackHost) -> any ResourceSignInMethod { self }
}
