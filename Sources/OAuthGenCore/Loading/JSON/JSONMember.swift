/// One `"name": value` pair of an object, with the name's own location.
package struct JSONMember: Sendable, Hashable {
    package var name: String
    package var nameLocation: SourceLocation
    package var value: JSONValue
}
