import Foundation

/// The claims of an ID token or a userinfo response, decoded into a typed struct.
///
/// Every generated `Claims` struct has `sub`; OIDC Core §5.3.2 requires userinfo's `sub` to
/// equal the ID token's. Claims compare and hash by value and encode back to the JSON they were
/// decoded from (dates as seconds since 1970, as in a JWT), so an app can keep them, diff them
/// and build them for previews and tests.
public protocol OAuthClaims: Sendable, Hashable, Codable {
    /// The subject: the provider's stable identifier for the user.
    var sub: String { get }
}

/// Claim decoding for generated `Claims` and `UserInfo` types: lenient where providers are
/// (Apple's `"true"`), strict about everything else.
extension KeyedDecodingContainer {
    /// Decodes an optional boolean claim; also accepts `"true"` / `"false"`, which Apple sends
    /// for `email_verified`.
    @_spi(Generated)
    public func decodeClaimIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let value = try? decode(Bool.self, forKey: key) { return value }
        switch try decode(String.self, forKey: key) {
        case "true": return true
        case "false": return false
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a boolean claim, found the string \"\(other)\"")
        }
    }

    /// Decodes an optional integer claim; also accepts a decimal string.
    @_spi(Generated)
    public func decodeClaimIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let value = try? decode(Int.self, forKey: key) { return value }
        let text = try decode(String.self, forKey: key)
        guard let value = Int(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected an integer claim, found the string \"\(text)\"")
        }
        return value
    }

    /// Decodes an optional number claim; also accepts a decimal string.
    @_spi(Generated)
    public func decodeClaimIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let value = try? decode(Double.self, forKey: key) { return value }
        let text = try decode(String.self, forKey: key)
        guard let value = Double(text), value.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a numeric claim, found the string \"\(text)\"")
        }
        return value
    }

    /// Decodes an optional NumericDate claim (seconds since the epoch, RFC 7519 §2).
    @_spi(Generated)
    public func decodeClaimIfPresent(_ type: Date.Type, forKey key: Key) throws -> Date? {
        try decodeClaimIfPresent(Double.self, forKey: key).map { Date(timeIntervalSince1970: $0) }
    }

    /// Decodes any other optional claim with its own `Decodable` conformance.
    @_spi(Generated)
    public func decodeClaimIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodeIfPresent(type, forKey: key)
    }
}

/// Claim encoding for generated `Claims` and `UserInfo` types: absent claims stay absent, and
/// dates are NumericDates whatever the encoder's date strategy, so encoding and decoding again
/// gives the same value.
extension KeyedEncodingContainer {
    /// Encodes an optional NumericDate claim (seconds since the epoch, RFC 7519 §2).
    @_spi(Generated)
    public mutating func encodeClaimIfPresent(_ value: Date?, forKey key: Key) throws {
        try encodeIfPresent(value?.timeIntervalSince1970, forKey: key)
    }

    /// Encodes any other optional claim with its own `Encodable` conformance.
    @_spi(Generated)
    public mutating func encodeClaimIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }
}
