import Foundation
internal import OAuthPolicy

// Token exchange (RFC 8693) and the JWT bearer grant (RFC 7523 §2.1): the two hops of
// enterprise-managed authorization, on the token endpoint path every grant takes (the quirk file's
// extras, the client's authentication, DPoP).
extension OAuthClient {
    /// Exchanges a token for another at this provider's token endpoint (RFC 8693 §2.1),
    /// authenticated as the client is (a secret, or a fresh `private_key_jwt` assertion).
    ///
    /// The answer's `issued_token_type` must be the requested type, when one was asked for; a
    /// refusal of the audience or resource throws `OAuthError/Kind/invalidTarget`, and every
    /// other refusal `OAuthError/Kind/requestRejected` with the server's code in
    /// `OAuthError/protocolError` (`invalid_request` for a subject or actor token the server
    /// does not accept, RFC 8693 §2.2.2). A server whose metadata does not list the grant is not
    /// asked (`OAuthError/Kind/invalidConfiguration`).
    public func exchangeToken(
        _ request: TokenExchangeRequest, dpopKey: DPoPSigningKey? = nil, now: Date = Date()
    ) async throws(OAuthError) -> ExchangedToken {
        let parameters = try tokenExchangeParameters(request)
        let response = try await TokenEndpointExchange.send(
            parameters, dpopKey: dpopKey, configuration: configuration, authentication: authentication,
            transport: transport, nonces: dpopNonces, namesResource: false)
        return try ExchangedTokenDecoder.decode(
            response, requested: request.requestedTokenType, quirks: configuration.quirks, now: now)
    }

    /// The token request of `request` (RFC 8693 §2.1), checked: the server's metadata must not
    /// rule the grant out (unless it says otherwise that it takes it: `grantImplied`, as
    /// `native_sso_supported` does), an actor token comes with its type, and the quirk file's
    /// extras must not name the audience.
    func tokenExchangeParameters(
        _ request: TokenExchangeRequest, grantImplied: Bool = false
    ) throws(OAuthError) -> [(String, String)] {
        if !grantImplied,
            let refusal = ExtensionGrant.tokenExchange.refusal(grantTypes: configuration.metadata.grantTypesSupported)
        {
            throw OAuthError.invalidConfiguration(refusal)
        }
        guard (request.actorToken == nil) == (request.actorTokenType == nil) else {
            throw OAuthError.invalidRequest(
                "expected an actor token and its type together (RFC 8693 §2.1), found one without the other")
        }
        if configuration.quirks.tokenRequestParameters.contains(where: { $0.name.lowercased() == "audience" }) {
            throw OAuthError.invalidRequest(
                "expected a token exchange to name its audience itself, found \"audience\" among the extra token request parameters"
            )
        }
        var parameters = [
            ("grant_type", ExtensionGrant.tokenExchange.rawValue),
            ("subject_token", request.subjectToken), ("subject_token_type", request.subjectTokenType.rawValue),
        ]
        if let actor = request.actorToken, let type = request.actorTokenType {
            parameters += [("actor_token", actor), ("actor_token_type", type.rawValue)]
        }
        if let requested = request.requestedTokenType {
            parameters.append(("requested_token_type", requested.rawValue))
        }
        parameters += request.audience.map { ("audience", $0) }
        parameters += request.resources.map { ("resource", $0.absoluteString) }
        if !request.scopes.isEmpty {
            parameters.append(("scope", try configuration.quirks.scopeParameterValue(request.scopes)))
        }
        return parameters
    }

    /// Redeems a JWT authorization grant (RFC 7523 §2.1), such as an ID-JAG from the company's
    /// identity provider, for this provider's tokens, authenticated as the client is; the
    /// configuration's resource is named as in every token request (RFC 8707).
    public func redeem(
        assertion: String, scopes: [String] = [], dpopKey: DPoPSigningKey? = nil, now: Date = Date()
    ) async throws(OAuthError) -> TokenSet {
        if let refusal = ExtensionGrant.jwtBearer.refusal(
            grantTypes: configuration.metadata.grantTypesSupported,
            grantProfiles: configuration.metadata.authorizationGrantProfilesSupported)
        {
            throw OAuthError.invalidConfiguration(refusal)
        }
        var parameters = [("grant_type", ExtensionGrant.jwtBearer.rawValue), ("assertion", assertion)]
        if !scopes.isEmpty { parameters.append(("scope", try configuration.quirks.scopeParameterValue(scopes))) }
        return try await TokenEndpointExchange.tokens(
            parameters, dpopKey: dpopKey, configuration: configuration, authentication: authentication,
            transport: transport, nonces: dpopNonces, now: now)
    }
}
