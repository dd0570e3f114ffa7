import Foundation

extension OAuthClient where Provider: SupportsRevocation {
    /// Revokes a token (RFC 7009). Revoking a token the server does not know is a success.
    public func revoke(_ token: String, hint: TokenTypeHint? = nil) async throws(OAuthError) {
        try await sendRevocation(token, hint: hint)
    }
}

extension OAuthClient {
    /// Sends a revocation request (RFC 7009) for any provider type, as a session signing out
    /// does; throws ``OAuthError/Kind/missingEndpoint`` when the provider has no revocation endpoint.
    package func sendRevocation(_ token: String, hint: TokenTypeHint?) async throws(OAuthError) {
        guard let endpoint = configuration.endpoints.revocation else {
            throw OAuthError.missingEndpoint("revocation endpoint")
        }
        var parameters = [("token", token)]
        if let hint { parameters.append(("token_type_hint", hint.rawValue)) }
        let response = try await TokenEndpointExchange.post(
            parameters, to: endpoint, name: "revocation endpoint", configuration: configuration,
            authentication: authentication, transport: transport)
        guard response.status == 200 else {
            throw TokenResponseDecoder.failure(
                for: response, quirks: configuration.quirks.tokenResponse, endpoint: "revocation endpoint")
        }
    }
}
