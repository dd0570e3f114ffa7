import Foundation

/// Reads a token exchange's answer (RFC 8693 §2.2): `access_token` (the issued token, whatever
/// its type), `issued_token_type` and `token_type` required, the rest optional; an error as any
/// token endpoint's (§2.2.2).
enum ExchangedTokenDecoder {
    static func decode(
        _ response: HTTPResponse, requested: TokenTypeURI?, quirks: ProviderQuirks, now: Date
    ) throws(OAuthError) -> ExchangedToken {
        guard (200..<300).contains(response.status) else {
            throw TokenResponseDecoder.failure(for: response, quirks: quirks.tokenResponse)
        }
        guard let object = TokenResponseDecoder.members(of: response, quirks: quirks.tokenResponse) else {
            throw OAuthError.invalidTokenResponse(
                "a body that is not a JSON object (\(response.mediaType ?? "no content type"))")
        }
        if let error = TokenResponseDecoder.protocolError(in: object), object["access_token"] == nil {
            throw OAuthError.requestRejected(error, status: response.status, endpoint: "token endpoint")
        }
        guard let token = object["access_token"]?.stringValue, !token.isEmpty else {
            throw OAuthError.invalidTokenResponse("no \"access_token\" string (RFC 8693 §2.2.1: the issued token)")
        }
        guard let issued = object["issued_token_type"]?.stringValue, !issued.isEmpty else {
            throw OAuthError.invalidTokenResponse("no \"issued_token_type\" (RFC 8693 §2.2.1 requires it)")
        }
        if let requested, issued != requested.rawValue {
            throw OAuthError.invalidTokenResponse(
                "the issued token type \"\(ProtocolErrorText.clip(issued, limit: 100))\" where \(requested) was requested"
            )
        }
        guard let tokenType = object["token_type"]?.stringValue, !tokenType.isEmpty else {
            throw OAuthError.invalidTokenResponse(
                "no \"token_type\" (RFC 8693 §2.2.1 requires it; N_A for a token that is not an access token)")
        }
        let scopes = object["scope"]?.stringValue.map {
            $0.split(whereSeparator: { $0 == " " || String($0) == quirks.scopeSeparator }).map(String.init)
        }
        return ExchangedToken(
            token: token, issuedTokenType: TokenTypeURI(rawValue: issued), tokenType: tokenType,
            expiresAt: TokenResponseDecoder.expiresIn(object["expires_in"]).map { now.addingTimeInterval($0) },
            scopes: scopes, refreshToken: object["refresh_token"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 })
    }
}
