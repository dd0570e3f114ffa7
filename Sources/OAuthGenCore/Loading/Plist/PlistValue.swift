/// An XML property-list value that remembers where its element starts.
package struct PlistValue: DocumentValue {
    package indirect enum Kind: Sendable, Hashable {
        case dictionary([PlistEntry])
        case array([PlistValue])
        case string(String)
        /// The integer's text as written.
        case integer(String)
        /// The real's text as written.
        case real(String)
        case bool(Bool)
        case date(String)
        case data(String)
    }

    package var kind: Kind
    package var location: SourceLocation

    /// A value found at `location`.
    package init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The element's name, for messages like "expected <string>, found <array>".
    package var typeDescription: String {
        switch kind {
        case .dictionary: "<dict>"
        case .array: "<array>"
        case .string: "<string>"
        case .integer: "<integer>"
        case .real: "<real>"
        case .bool(let value): value ? "<true/>" : "<false/>"
        case .date: "<date>"
        case .data: "<data>"
        }
    }

    /// The shapes property lists share with JSON.
    package var shape: DocumentShape<PlistValue, PlistEntry> {
        switch kind {
        case .dictionary(let entries): .keyed(entries)
        case .array(let elements): .array(elements)
        case .string(let value): .string(value)
        case .bool(let value): .bool(value)
        case .integer, .real, .date, .data: .other
        }
    }

    /// The entries, if the value is a `<dict>`.
    package var entries: [PlistEntry]? { keyedElements }
}
