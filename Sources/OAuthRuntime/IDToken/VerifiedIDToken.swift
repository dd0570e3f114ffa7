import Foundation

/// An ID token whose signature and OIDC Core §3.1.3.7 claims have been checked.
///
/// Stored with a sign-in. Decoding it derives every field from the raw token again and refuses a
/// record whose stored fields say otherwise, so an edited store cannot change the subject, the
/// audience or the claims a relaunched app reads.
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

    /// Decodes a stored token: every field from the raw token's payload, and the stored fields,
    /// where present, must equal them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let raw = try container.decode(String.self, forKey: .rawValue)
        guard let derived = Self(storedRawValue: raw) else {
            throw DecodingError.dataCorruptedError(
                forKey: .rawValue, in: container,
                debugDescription:
                    "expected a stored ID token with a JSON payload holding iss, sub, aud, exp and iat, found one without"
            )
        }
        func check<Value: Decodable & Equatable>(_ key: CodingKeys, _ value: Value, _ type: Value.Type) throws {
            guard let stored = try container.decodeIfPresent(type, forKey: key) else { return }
            guard stored == value else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription:
                        "expected the stored ID token's \(key.stringValue) to be the raw token's, found another")
            }
        }
        try check(.issuer, derived.issuer, String.self)
        try check(.subject, derived.subject, String.self)
        try check(.audiences, derived.audiences, [String].self)
        try check(.nonce, derived.nonce ?? "", String.self)
        try check(.payload, derived.payload, Data.self)
        for (key, date) in [
            (CodingKeys.expiresAt, derived.expiresAt), (.issuedAt, derived.issuedAt), (.authTime, derived.authTime),
        ] {
            guard let stored = try container.decodeIfPresent(Date.self, forKey: key) else { continue }
            // Dates go through the coder's strategy as floating-point seconds: equal to a millisecond.
            guard let date, abs(stored.timeIntervalSince(date)) < 0.001 else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription:
                        "expected the stored ID token's \(key.stringValue) to be the raw token's, found another")
            }
        }
        self = derived
    }

    /// The token's fields from its raw form, which was verified when it was received; `nil` if
    /// the payload lacks a claim every verified ID token has.
    init?(storedRawValue raw: String) {
        guard let jws = try? CompactJWS(raw),
            let claims = try? JSONDecoder().decode(IDTokenPayload.self, from: Data(jws.payload)),
            let issuer = claims.iss, let subject = claims.sub, let audience = claims.aud, let exp = claims.exp,
            let iat = claims.iat
        else { return nil }
        self.init(
            rawValue: raw, issuer: issuer, subject: subject, audiences: audience.values,
            expiresAt: Date(timeIntervalSince1970: exp), issuedAt: Date(timeIntervalSince1970: iat),
            authTime: claims.auth_time.map { Date(timeIntervalSince1970: $0) }, nonce: claims.nonce,
            payload: Data(jws.payload))
    }

    init(
        rawValue: String, issuer: String, subject: String, audiences: [String], expiresAt: Date, issuedAt: Date,
        authTime: Date?, nonce: String?, payload: Data
    ) {
        self.rawValue = rawValue
        self.issuer = issuer
        self.subject = subject
        self.audiences = audiences
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
        self.authTime = authTime
        self.nonce = nonce
        self.payload = payload
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
