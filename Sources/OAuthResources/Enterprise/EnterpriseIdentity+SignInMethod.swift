import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// The two hops of enterprise-managed authorization, with no browser: an ID-JAG from the identity
// provider for the authorization server and resource, then the jwt-bearer grant with it at the
// server (draft-ietf-oauth-identity-assertion-authz-grant §4, §5). The ID token goes to the
// identity provider only; the authorization server gets the ID-JAG.
extension EnterpriseIdentity: ResourceSignInMethod {
    /// Its metadata document where that is the client ID, else bound to ``issuer``.
    public var client: ResourceClient {
        clientMetadataDocument.map { .metadataDocument($0) } ?? .preregistered(clientID, issuer: issuer)
    }
    /// An ID-JAG redeemed with the jwt-bearer grant.
    public var grant: ResourceGrant { .identityAssertion }
    /// No person at the authorization server: the app's sign-in at the identity provider speaks.
    public var involvesPerson: Bool { false }

    /// `options` with this confidential client's secret or key.
    public func clientOptions(_ options: ClientOptions) -> ClientOptions {
        options.authenticating(secret: clientSecret, key: clientKey)
    }

    /// A token for `demand`'s scopes: an ID-JAG asked for, then redeemed.
    public func signIn(
        for demand: SignInDemand, in context: ResourceSignInContext
    ) async throws(OAuthError)
        -> SignIn<DiscoveredProvider>
    {
        let grant = try await identityProvider.identityAssertion(
            audience: context.issuer, resource: context.found.resource.identifier, scopes: demand.scopes)
        guard grant.issuedTokenType == .idJAG else {
            throw OAuthError.invalidTokenResponse(
                "the issued token type \"\(grant.issuedTokenType)\" where \(TokenTypeURI.idJAG) was requested")
        }
        return try SignIn(
            tokens: try await context.client.redeem(
                assertion: grant.token, scopes: demand.scopes, dpopKey: context.dpopKey(), now: context.now()),
            idToken: nil)
    }

    /// Refuses an RFC 9470 challenge: nothing opens for an ID-JAG, and what only the user can
    /// give at the identity provider (a fresher or stronger authentication) is asked of the app.
    /// More scopes come with another ID-JAG.
    public func requireStepUp(_ demand: SignInDemand, resource: URL) throws(OAuthError) {
        guard !demand.asksForAuthentication else {
            throw OAuthError(
                .interactionRequired,
                "expected a sign-in at the identity provider \(identityProvider.identityProviderIssuer) meeting"
                    + " \(resource.absoluteString)'s challenge (acr_values, max_age), found only its current one: sign in there again"
            )
        }
    }
}
