import Foundation

/// An ID token whose signature and OIDC Core §3.1.3.7 claims have been checked.
public struct VerifiedIDToken: Sendable, Hashable, Codable {
    /// The compact JWS as received; needed for `id_token_hint`. Never printed.
    public let rawValue: String
    /// The `iss` claim.
    public let issuer: String
    /// The `sub` claim: the user at this provider.
    public let subject: String
    /// The `aud` claim's values.
    public let audiences: [String]
    /// The `exp` claim.
    public let expiresAt: Date
    /// The `iat` claim.
    public let issuedAt: Date
    /// The `auth_time` claim, when the token has one.
    public let authTime: Date?
    /// The `nonce` claim, when the token has one.
    public let nonce: String?
    /// The payload's JSON, for decoding a provider's typed `Claims`.
    let payload: Data

    /// The claims as `type`. Not public: a sign-in decodes them as its provider's `Claims`
    /// (``SignIn/claims``), so Google's token can never be read as another provider's claims.
    func claims<Claims: Decodable>(as type: Claims.Type = Claims.self) throws -> Claims {
        try JSONDecoder().decode(type, from: payload)
    }

    /// The claims as untyped JSON values.
    public var allClaims: [String: ClaimValue] {
        (try? JSONDecoder().decode([String: ClaimValue].self, from: payload)) ?? [:]
    }
}

extension VerifiedIDToken: CustomStringConvertible {
    public var description: String {
        "VerifiedIDToken(iss: \(issuer), sub: \(subject), exp: \(expiresAt), token: <redacted>)"
    }
}

extension VerifiedIDToken: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
