import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// A resource session's sign-in with an ``EnterpriseIdentity``: the two hops of
/// enterprise-managed authorization, with no browser. An ID-JAG from the identity provider for
/// the authorization server and resource, then the JWT bearer grant with it at the server
/// (draft-ietf-oauth-identity-assertion-authz-grant §4, §5). The ID token goes to the identity
/// provider only; the authorization server gets the ID-JAG.
struct EnterpriseSignIn: Sendable {
    let identity: EnterpriseIdentity

    /// `options` with this confidential client's credentials.
    func clientOptions(_ options: ClientOptions) -> ClientOptions {
        var options = options
        options.clientSecret = identity.clientSecret
        options.clientKey = identity.clientKey
        return options
    }

    /// A sign-in for `scopes` at `client`'s server (`audience`) for `resource`, DPoP-bound where
    /// the client binds its tokens.
    func redeem(
        audience: String, resource: URL, scopes: [String], client: OAuthClient<DiscoveredProvider>
    ) async throws(OAuthError)
        -> SignIn<DiscoveredProvider>
    {
        let grant = try await identity.identityProvider.identityAssertion(
            audience: audience, resource: resource, scopes: scopes)
        guard grant.issuedTokenType == .idJAG else {
            throw OAuthError.invalidTokenResponse(
                "the issued token type \"\(grant.issuedTokenType)\" where \(TokenTypeURI.idJAG) was requested")
        }
        // A DPoP-bound token where the resource or its server asks for one, as for a browser sign-in.
        let key = client.usesDPoP ? try client.dpopKeyStorage.makeKey() : nil
        return try SignIn(
            tokens: try await client.redeem(assertion: grant.token, scopes: scopes, dpopKey: key), idToken: nil)
    }

    /// Refuses an RFC 9470 challenge: nothing opens for an ID-JAG, and what only the user can
    /// give at the identity provider (a fresher or stronger authentication) is asked of the app.
    func requireNoChallenge(acrValues: [String], maxAge: Int?, resource: URL) throws(OAuthError) {
        guard acrValues.isEmpty, maxAge == nil else {
            throw OAuthError(
                .interactionRequired,
                "expected a sign-in at the identity provider \(identity.identityProvider.identityProviderIssuer) meeting"
                    + " \(resource.absoluteString)'s challenge (acr_values, max_age), found only its current one: sign in there again"
            )
        }
    }
}
