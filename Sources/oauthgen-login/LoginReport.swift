import OAuthRuntime

/// What `oauthgen-login --json` prints: facts about the sign-in, never a raw token unless asked.
/// Every field `CommandLine.md` documents is in every report, `null` where it does not apply
/// (a test holds the two together); the tokens only with `--show-tokens`.
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

    private enum CodingKeys: String, CodingKey {
        case issuer, grant, pushed, token_type, dpop_jkt, subject, scope, expires_in, id_token_claims, userinfo
        case refreshed, revoked, signed_out, access_token, refresh_token, id_token
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(issuer, forKey: .issuer)
        try container.encode(grant, forKey: .grant)
        try container.encode(pushed, forKey: .pushed)
        try container.encode(token_type, forKey: .token_type)
        try container.encode(dpop_jkt, forKey: .dpop_jkt)
        try container.encode(subject, forKey: .subject)
        try container.encode(scope, forKey: .scope)
        try container.encode(expires_in, forKey: .expires_in)
        try container.encode(id_token_claims, forKey: .id_token_claims)
        try container.encode(userinfo, forKey: .userinfo)
        try container.encode(refreshed, forKey: .refreshed)
        try container.encode(revoked, forKey: .revoked)
        try container.encode(signed_out, forKey: .signed_out)
        try container.encodeIfPresent(access_token, forKey: .access_token)
        try container.encodeIfPresent(refresh_token, forKey: .refresh_token)
        try container.encodeIfPresent(id_token, forKey: .id_token)
    }
}
