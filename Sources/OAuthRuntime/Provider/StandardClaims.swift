import Foundation

/// ID token claims as JSON values, for providers without a generated `Claims` type.
public struct StandardClaims: OAuthClaims, Hashable {
    /// The subject.
    public let sub: String
    /// Every claim, `sub` included.
    public let values: [String: ClaimValue]

    /// Claims from their values; `values["sub"]` is set to `sub`.
    public init(sub: String, values: [String: ClaimValue] = [:]) {
        self.sub = sub
        var values = values
        values["sub"] = .string(sub)
        self.values = values
    }

    /// Decodes a JSON object with a string `sub`.
    public init(from decoder: any Decoder) throws {
        let values = try [String: ClaimValue](from: decoder)
        guard let sub = values["sub"]?.stringValue else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected a string \"sub\" claim, found none"))
        }
        self.sub = sub
        self.values = values
    }

    /// Encodes every claim, `sub` included, as the JSON object it was.
    public func encode(to encoder: any Encoder) throws {
        try values.encode(to: encoder)
    }

    /// A claim by name.
    public subscript(name: String) -> ClaimValue? { values[name] }
}
