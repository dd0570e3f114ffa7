/// What a `private_key_jwt` client assertion names as its `aud` (the quirk file's
/// `clientAssertionAudience`).
public enum ClientAssertionAudience: String, Sendable, Hashable, Codable, CaseIterable {
    /// The authorization server's issuer identifier: what draft-ietf-oauth-rfc7523bis requires,
    /// and a value no other server accepts.
    case issuer
    /// The token endpoint URL (RFC 7523 §3, OIDC Core §9), for a server that takes only that.
    case tokenEndpoint
}
