import Foundation
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

extension OAuthClient {
    /// Tokens for the client itself (RFC 6749 §4.4.2): `grant_type=client_credentials` with
    /// `scopes`, authenticated as the client is (a secret, or a fresh `private_key_jwt`
    /// assertion); the configuration's resource is named as in every token request (RFC 8707).
    /// A server whose metadata does not list the grant is not asked.
    func clientCredentialsTokens(
        scopes: [String], dpopKey: DPoPSigningKey? = nil, now: Date = Date()
    ) async throws(OAuthError) -> TokenSet {
        if let refusal = ResourceServerGrant.clientCredentials.refusal(
            .init(
                hasAuthorizationEndpoint: configuration.endpoints.authorization != nil, codeChallengeMethods: nil,
                grantTypes: configuration.metadata.grantTypesSupported, grantProfiles: nil),
            issuer: configuration.issuer ?? configuration.endpoints.token.absoluteString)
        {
            throw OAuthError.invalidConfiguration(refusal)
        }
        var parameters = [("grant_type", ResourceServerGrant.clientCredentialsGrantType)]
        if !scopes.isEmpty { parameters.append(("scope", try configuration.quirks.scopeParameterValue(scopes))) }
        return try await TokenEndpointExchange.tokens(
            parameters, dpopKey: dpopKey, configuration: configuration, authentication: authentication,
            transport: transport, nonces: dpopNonces, now: now)
    }
}
