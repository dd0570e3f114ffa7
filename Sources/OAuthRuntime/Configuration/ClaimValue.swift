import Foundation

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
            guard !value.isEmpty, value.count <= 15, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                return nil
            }
            return Int(value)
        default:
            return nil
        }
    }
}
