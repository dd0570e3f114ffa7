import OAuthRuntime

/// What `oauthgen-login --json` prints: facts about the sign-in, never a raw token unless asked.
struct LoginReport: Encodable {
    var issuer: String
    var subject: String?
    var scope: String?
    var expires_in: Int?
    var id_token_claims: [String: ClaimValue]?
    var userinfo: [String: ClaimValue]?
    var refreshed: Bool
    var revoked: Bool
    var access_token: String?
    var refresh_token: String?
    var id_token: String?
}
