/// RFC 7009 §2.1 `token_type_hint`.
public enum TokenTypeHint: String, Sendable, Hashable {
    /// The token is an access token.
    case accessToken = "access_token"
    /// The token is a refresh token.
    case refreshToken = "refresh_token"
}
