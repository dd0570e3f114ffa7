import Foundation
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

/// A resource session's sign-in with no one at the keyboard: the grant each identity uses, for
/// the first sign-in and for every renewal at expiry (no refresh token is expected of any).
///
/// - ``ProtectedResourceSession/ClientIdentity/enterprise(_:)``: an ID-JAG redeemed with the
///   jwt-bearer grant (`EnterpriseSignIn`).
/// - ``ProtectedResourceSession/ClientIdentity/clientCredentials(_:)``: the client as itself
///   (RFC 6749 §4.4).
/// - ``ProtectedResourceSession/ClientIdentity/workload(_:)``: the platform's JWT with the
///   jwt-bearer grant (RFC 7523 §2.1), read from its file each time.
enum UnattendedSignIn: Sendable {
    case enterprise(EnterpriseSignIn)
    case clientCredentials(ClientCredentialsIdentity)
    case workload(WorkloadIdentity)

    /// The sign-in for `identity`; `nil` for one that signs in through a user agent.
    init?(_ identity: ProtectedResourceSession.ClientIdentity) {
        switch identity {
        case .enterprise(let enterprise): self = .enterprise(EnterpriseSignIn(identity: enterprise))
        case .clientCredentials(let client): self = .clientCredentials(client)
        case .workload(let workload): self = .workload(workload)
        case .preregistered, .confidential, .metadataDocument, .dynamic: return nil
        }
    }

    /// What the authorization server's metadata must say it takes.
    var grant: ResourceServerGrant {
        switch self {
        case .enterprise: .identityAssertion
        case .clientCredentials: .clientCredentials
        case .workload: .workloadIdentity
        }
    }

    /// `options` with the client's credentials (none for a workload, which sends no client ID).
    func clientOptions(_ options: ClientOptions) -> ClientOptions {
        switch self {
        case .enterprise(let enterprise): return enterprise.clientOptions(options)
        case .clientCredentials(let client): return client.clientOptions(options)
        case .workload:
            var options = options
            options.anonymous = true
            return options
        }
    }

    /// A sign-in for `scopes` at `client`'s server for `found`'s resource, DPoP-bound where the
    /// client binds its tokens.
    func signIn(
        scopes: [String], found: DiscoveredResource, client: OAuthClient<DiscoveredProvider>
    )
        async throws(OAuthError) -> SignIn<DiscoveredProvider>
    {
        let issuer = found.configuration.issuer ?? ""
        switch self {
        case .enterprise(let enterprise):
            return try await enterprise.redeem(
                audience: issuer, resource: found.resource.identifier, scopes: scopes, client: client)
        case .clientCredentials:
            let key = client.usesDPoP ? try client.dpopKeyStorage.makeKey() : nil
            return try SignIn(
                tokens: try await client.clientCredentialsTokens(scopes: scopes, dpopKey: key), idToken: nil)
        case .workload(let workload):
            // Read now, for this request: the platform rewrites the file before the JWT expires.
            let assertion = try WorkloadToken.read(
                workload, issuer: issuer, tokenEndpoint: client.configuration.endpoints.token)
            let key = client.usesDPoP ? try client.dpopKeyStorage.makeKey() : nil
            return try SignIn(
                tokens: try await client.redeem(assertion: assertion, scopes: scopes, dpopKey: key), idToken: nil)
        }
    }

    /// Refuses a step-up: nothing opens for a sign-in with no user. An enterprise identity's
    /// RFC 9470 challenge is asked of the app (the user signs in at the identity provider
    /// again), and more scopes come with another ID-JAG; a client or workload signing in as
    /// itself can be granted no more than it was (`OAuthError/Kind/stepUpUnavailable`).
    func refuseStepUp(acrValues: [String], maxAge: Int?, scopes: [String]?, resource: URL) throws(OAuthError) {
        switch self {
        case .enterprise(let enterprise):
            try enterprise.requireNoChallenge(acrValues: acrValues, maxAge: maxAge, resource: resource)
        case .clientCredentials, .workload:
            let asked =
                scopes.map { "the scopes \($0.joined(separator: " "))" }
                ?? "a fresher or stronger authentication (acr_values, max_age)"
            throw OAuthError(
                .stepUpUnavailable,
                "expected \(resource.absoluteString) to accept the token its server granted this \(self.name), found it asking for \(asked):"
                    + " a client with no user cannot step up; grant it more at the authorization server")
        }
    }

    /// What the client is, for messages.
    private var name: String {
        switch self {
        case .enterprise: "enterprise client"
        case .clientCredentials(let client): "client \(client.clientID) (client credentials)"
        case .workload: "workload (its platform's JWT)"
        }
    }
}
