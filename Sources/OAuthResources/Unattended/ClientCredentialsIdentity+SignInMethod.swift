import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// The client as itself (RFC 6749 §4.4): each token from the client credentials grant, named for
// the resource; an expired one replaced by another, once for every process on the store.
extension ClientCredentialsIdentity: ResourceSignInMethod {
    /// Bound to ``issuer`` as a client registered by hand.
    public var client: ResourceClient { .preregistered(clientID, issuer: issuer) }
    /// The client credentials grant.
    public var grant: ResourceGrant { .clientCredentials }
    /// No person: nothing opens.
    public var involvesPerson: Bool { false }

    /// `options` with this client's secret or key.
    public func clientOptions(_ options: ClientOptions) -> ClientOptions {
        options.authenticating(secret: clientSecret, key: clientKey)
    }

    /// A token for `demand`'s scopes.
    public func signIn(
        for demand: SignInDemand, in context: ResourceSignInContext
    ) async throws(OAuthError)
        -> SignIn<DiscoveredProvider>
    {
        try SignIn(
            tokens: try await context.client.clientCredentialsTokens(
                scopes: demand.scopes, dpopKey: context.dpopKey(), now: context.now()),
            idToken: nil)
    }

    /// Refuses every step-up: a client signing in as itself is granted no more than it was.
    public func requireStepUp(_ demand: SignInDemand, resource: URL) throws(OAuthError) {
        throw .noStepUpWithoutUser(demand, resource: resource, client: "client \(clientID) (client credentials)")
    }
}

extension OAuthError {
    /// A step-up a client with no user cannot answer.
    static func noStepUpWithoutUser(_ demand: SignInDemand, resource: URL, client: String) -> OAuthError {
        OAuthError(
            .stepUpUnavailable,
            "expected \(resource.absoluteString) to accept the token its server granted this \(client), found it asking for \(demand.summary):"
                + " a client with no user cannot step up; grant it more at the authorization server")
    }
}
