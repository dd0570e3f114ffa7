import Foundation

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
