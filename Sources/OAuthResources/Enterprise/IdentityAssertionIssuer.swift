import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// What issues Identity Assertion JWT Authorization Grants (ID-JAGs,
/// draft-ietf-oauth-identity-assertion-authz-grant) for the app: its sign-in at the company's
/// identity provider. `OAuthSession` is one, for any provider the app signs in to: its ID
/// token is exchanged (RFC 8693) for an ID-JAG naming another authorization server.
public protocol IdentityAssertionIssuer: Sendable {
    /// The identity provider's issuer.
    var identityProviderIssuer: String { get }

    /// An ID-JAG for `audience` (an authorization server's issuer) and `resource`, with `scopes`,
    /// while the sign-in lives; without one, `OAuthError/Kind/notSignedIn`.
    func identityAssertion(audience: String, resource: URL, scopes: [String]) async throws(OAuthError) -> ExchangedToken
}

extension OAuthSession: IdentityAssertionIssuer {
    /// The issuer of the provider this session signs in to.
    public nonisolated var identityProviderIssuer: String {
        client.configuration.issuer ?? client.configuration.endpoints.token.absoluteString
    }

    /// Exchanges the sign-in's ID token for an ID-JAG at this provider's token endpoint: the ID
    /// token goes to the identity provider only. An ID token that has expired is renewed first by
    /// a refresh (whose response carries a new one, OIDC Core §12.2); a sign-in that cannot
    /// renew it throws `OAuthError/Kind/notSignedIn`, and the app signs in to the identity
    /// provider again.
    public func identityAssertion(
        audience: String, resource: URL, scopes: [String]
    ) async throws(OAuthError) -> ExchangedToken {
        guard var signIn = try await currentSignIn() else { throw OAuthError.notSignedIn }
        if let idToken = signIn.idToken, idToken.expiresAt <= now().addingTimeInterval(refreshLeeway),
            signIn.tokens.refreshToken != nil
        {
            signIn = try await refresh()
        }
        guard let idToken = signIn.idToken, idToken.expiresAt > now() else {
            throw OAuthError(
                .notSignedIn,
                "expected a valid ID token from \(identityProviderIssuer) to exchange for an identity assertion, found \(signIn.idToken == nil ? "none" : "it expired"): sign in to the identity provider again"
            )
        }
        return try await client.exchangeToken(
            TokenExchangeRequest(
                subjectToken: idToken.rawValue, subjectTokenType: .idToken, requestedTokenType: .idJAG,
                audience: [audience], resources: [resource], scopes: scopes), now: now())
    }
}
