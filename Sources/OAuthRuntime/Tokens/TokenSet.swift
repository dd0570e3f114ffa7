import Foundation

/// The tokens of one sign-in. `Codable` for storage; its description never shows a token.
public struct TokenSet: Sendable, Hashable, Codable {
    /// The access token; never printed.
    public var accessToken: String
    /// `Bearer` (compared case-insensitively on receipt, RFC 6749 §7.1).
    public var tokenType: String
    /// When the access token expires, from `expires_in`; `nil` when the provider did not say.
    public var expiresAt: Date?
    /// The refresh token, if the provider issued one; never printed.
    public var refreshToken: String?
    /// The ID token as received (compact JWS); never printed.
    public var idToken: String?
    /// The granted scopes, when the response lists them (RFC 6749 §5.1).
    public var scopes: [String]?
    /// When the response arrived.
    public var receivedAt: Date
    /// The key the tokens are bound to (RFC 9449); kept with them so a relaunched app can
    /// still refresh and present them. Never printed.
    public var dpopKey: DPoPSigningKey?
    /// The device secret the response carried for the `device_sso` scope (OpenID Connect Native
    /// SSO draft 07 §3.4), on its way to the family's store: never stored with the tokens, never
    /// printed.
    public var deviceSecret: String?

    /// The members kept in a store: every one but ``deviceSecret``, which only the family's store
    /// keeps.
    private enum CodingKeys: String, CodingKey {
        case accessToken, tokenType, expiresAt, refreshToken, idToken, scopes, receivedAt, dpopKey
    }

    /// Tokens from their parts.
    public init(
        accessToken: String, tokenType: String = "Bearer", expiresAt: Date? = nil, refreshToken: String? = nil,
        idToken: String? = nil, scopes: [String]? = nil, receivedAt: Date = Date()
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.idToken = idToken
        self.scopes = scopes
        self.receivedAt = receivedAt
    }

    /// Whether the access token is expired, or will be within `leeway` seconds — or within a
    /// third of its lifetime, for a token that lives less than three times the leeway: an 8-second
    /// token with the default 60 seconds' leeway would be "about to expire" the moment it
    /// arrived, and every call (every process sharing it) would refresh it again.
    public func isExpired(at date: Date = Date(), leeway: TimeInterval = 60) -> Bool {
        guard let expiresAt else { return false }
        let lifetime = max(0, expiresAt.timeIntervalSince(receivedAt))
        return expiresAt.timeIntervalSince(date) <= min(leeway, lifetime / 3)
    }
}

extension TokenSet: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        var parts = ["tokenType: \(tokenType)", "accessToken: <redacted>"]
        if let expiresAt { parts.append("expiresAt: \(expiresAt)") }
        if refreshToken != nil { parts.append("refreshToken: <redacted>") }
        if idToken != nil { parts.append("idToken: <redacted>") }
        if let scopes { parts.append("scopes: \(scopes.joined(separator: " "))") }
        if dpopKey != nil { parts.append("dpopKey: <redacted>") }
        if deviceSecret != nil { parts.append("deviceSecret: <redacted>") }
        return "TokenSet(\(parts.joined(separator: ", ")))"
    }

    public var debugDescription: String { description }
}

extension TokenSet: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
