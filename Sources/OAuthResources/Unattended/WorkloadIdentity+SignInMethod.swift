import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// A workload's platform JWT with the jwt-bearer grant (RFC 7523 §2.1), read from its file for
// each token request: no client ID, no registration.
extension WorkloadIdentity: ResourceSignInMethod {
    /// Nothing registered; its sign-ins are kept under its token file's name.
    public var client: ResourceClient {
        .unregistered(storeName: ResourceClientRegistrar.workloadClientName(self))
    }
    /// The jwt-bearer grant, which the server must list.
    public var grant: ResourceGrant { .workloadIdentity }
    /// No person: nothing opens.
    public var involvesPerson: Bool { false }

    /// A token for `demand`'s scopes, for the JWT read now (the platform rewrites the file
    /// before the JWT expires), once its audience names this server.
    public func signIn(
        for demand: SignInDemand, in context: ResourceSignInContext
    ) async throws(OAuthError)
        -> SignIn<DiscoveredProvider>
    {
        let assertion = try WorkloadToken.read(
            self, issuer: context.issuer, tokenEndpoint: context.client.configuration.endpoints.token,
            now: context.now())
        return try SignIn(
            tokens: try await context.client.redeem(
                assertion: assertion, scopes: demand.scopes, dpopKey: context.dpopKey(), now: context.now()),
            idToken: nil)
    }

    /// Refuses every step-up: a workload signing in as itself is granted no more than it was.
    public func requireStepUp(_ demand: SignInDemand, resource: URL) throws(OAuthError) {
        throw .noStepUpWithoutUser(demand, resource: resource, client: "workload (its platform's JWT)")
    }
}
