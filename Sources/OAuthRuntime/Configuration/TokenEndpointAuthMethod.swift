internal import OAuthPolicy

/// How the client authenticates at the token endpoint (RFC 6749 §2.3, OIDC Core §9).
public enum TokenEndpointAuthMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// A public client: only `client_id` is sent (RFC 8252 §8.4).
    case none
    /// Client ID and secret in the request body.
    case clientSecretPost = "client_secret_post"
    /// Client ID and secret in an HTTP Basic `Authorization` header.
    case clientSecretBasic = "client_secret_basic"
    /// A client assertion: a short-lived JWT signed with the client's private key for each
    /// request (RFC 7523 §2.2, OIDC Core §9), from ``ClientOptions/clientKey``.
    case privateKeyJWT = "private_key_jwt"
}
