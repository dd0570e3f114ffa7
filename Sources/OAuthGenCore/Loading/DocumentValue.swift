/// What a JSON value and a property-list value have in common, so each reader's values answer
/// the same questions the same way: the shapes both formats have, and where the value starts.
package protocol DocumentValue: Sendable, Hashable {
    /// A keyed collection's element: a JSON object's member, a `<dict>`'s entry.
    associatedtype KeyedElement

    /// Where the value starts.
    var location: SourceLocation { get }

    /// The value as one of the shapes both formats share; `.other` for the rest.
    var shape: DocumentShape<Self, KeyedElement> { get }
}

extension DocumentValue {
    /// The string, if the value is one.
    package var stringValue: String? {
        if case .string(let value) = shape { return value }
        return nil
    }

    /// The boolean, if the value is one.
    package var boolValue: Bool? {
        if case .bool(let value) = shape { return value }
        return nil
    }

    /// The elements, if the value is an array.
    package var arrayValue: [Self]? {
        if case .array(let value) = shape { return value }
        return nil
    }

    /// The members or entries, if the value is keyed.
    package var keyedElements: [KeyedElement]? {
        if case .keyed(let value) = shape { return value }
        return nil
    }
}
