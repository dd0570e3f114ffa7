/// A JSON value that remembers where in its file it was written.
public struct JSONValue: Sendable, Hashable {
    public indirect enum Kind: Sendable, Hashable {
        case object([JSONMember])
        case array([JSONValue])
        case string(String)
        /// The number's text as written; JSON numbers are not Swift doubles.
        case number(String)
        case bool(Bool)
        case null
    }

    public var kind: Kind
    /// Where the value starts.
    public var location: SourceLocation

    /// The type's name as JSON calls it, for messages like "expected a string, found an array".
    public var typeDescription: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    public var stringValue: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = kind { return value }
        return nil
    }

    public var members: [JSONMember]? {
        if case .object(let value) = kind { return value }
        return nil
    }
}

/// One `"name": value` pair of an object, with the name's own location.
public struct JSONMember: Sendable, Hashable {
    public var name: String
    public var nameLocation: SourceLocation
    public var value: JSONValue
}
