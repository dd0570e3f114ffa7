/// A JSON value that remembers where in its file it was written.
package struct JSONValue: DocumentValue {
    package indirect enum Kind: Sendable, Hashable {
        case object([JSONMember])
        case array([JSONValue])
        case string(String)
        /// The number's text as written; JSON numbers are not Swift doubles.
        case number(String)
        case bool(Bool)
        case null
    }

    package var kind: Kind
    /// Where the value starts.
    package var location: SourceLocation

    /// The type's name as JSON calls it, for messages like "expected a string, found an array".
    package var typeDescription: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// The shapes JSON shares with property lists.
    package var shape: DocumentShape<JSONValue, JSONMember> {
        switch kind {
        case .object(let members): .keyed(members)
        case .array(let elements): .array(elements)
        case .string(let value): .string(value)
        case .bool(let value): .bool(value)
        case .number, .null: .other
        }
    }

    /// The members, if the value is an object.
    package var members: [JSONMember]? { keyedElements }
}
