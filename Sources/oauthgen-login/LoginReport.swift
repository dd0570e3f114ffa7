import OAuthRuntime

/// What `oauthgen-login --json` prints: facts about the sign-in, never a raw token unless asked.
struct LoginReport: Encodable {
    var issuer: String
    /// `authorization_code` or `device_code`.
    var grant: String
    /// Whether the authorization request was pushed (RFC 9126).
    var pushed: Bool
    /// As the token endpoint said it: `Bearer`, or `DPoP` for sender-constrained tokens.
    var token_type: String
    /// The RFC 7638 thumbprint of the key the tokens are bound to (`cnf.jkt`), with --dpop.
    var dpop_jkt: String?
    var subject: String?
    var scope: String?
    var expires_in: Int?
    var id_token_claims: [String: ClaimValue]?
    var userinfo: [String: ClaimValue]?
    var refreshed: Bool
    var revoked: Bool
    /// Whether the provider's logout ran (--sign-out) and the state came back.
    var signed_out: Bool
    var access_token: String?
    var refresh_token: String?
    var id_token: String?
}
