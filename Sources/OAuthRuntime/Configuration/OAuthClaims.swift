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

/// The `aud` claim: one audience or several (OIDC Core §2).
public struct Audience: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Every audience the token names.
    public var values: [String]

    /// The audiences, in the order the token lists them.
    public init(_ values: [String]) {
        self.values = values
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let single = try? container.decode(String.self) {
            values = [single]
        } else {
            values = try container.decode([String].self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if values.count == 1 { try container.encode(values[0]) } else { try container.encode(values) }
    }

    /// Whether `clientID` is among the audiences.
    public func contains(_ clientID: String) -> Bool {
        values.contains(clientID)
    }

    public var description: String { values.joined(separator: " ") }
}

/// The `address` claim (OIDC Core §5.1.1).
public struct AddressClaim: Sendable, Hashable, Codable {
    /// The full address, formatted for display.
    public var formatted: String?
    /// Street, house number, and so on (`street_address`).
    public var streetAddress: String?
    /// City or locality.
    public var locality: String?
    /// State, province or region.
    public var region: String?
    /// Postal or ZIP code (`postal_code`).
    public var postalCode: String?
    /// Country name.
    public var country: String?

    /// An address from its parts, for previews and tests; a sign-in decodes it from the claims.
    public init(formatted: String? = nil, streetAddress: String? = nil, locality: String? = nil, region: String? = nil,
                postalCode: String? = nil, country: String? = nil) {
        self.formatted = formatted
        self.streetAddress = streetAddress
        self.locality = locality
        self.region = region
        self.postalCode = postalCode
        self.country = country
    }

    enum CodingKeys: String, CodingKey {
        case formatted
        case streetAddress = "street_address"
        case locality, region
        case postalCode = "postal_code"
        case country
    }
}

/// A claim whose type the provider does not document: kept as the JSON it was.
public enum ClaimValue: Sendable, Hashable, Codable {
    /// A JSON string.
    case string(String)
    /// A JSON number.
    case number(Double)
    /// A JSON boolean.
    case bool(Bool)
    /// A JSON array.
    case array([ClaimValue])
    /// A JSON object.
    case object([String: ClaimValue])
    /// JSON `null`.
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ClaimValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ClaimValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// The value if it is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
    /// A whole number, sent as a JSON number or, as some servers send `expires_in`, a decimal
    /// string; `nil` for anything else, fractions and out-of-range values included.
    var intValue: Int? {
        switch self {
        case .number(let value):
            guard value.rounded() == value, abs(value) < 1e15 else { return nil }
            return Int(value)
        case .string(let value):
            guard !value.isEmpty, value.count <= 15, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return Int(value)
        default:
            return nil
        }
    }
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
