/// A value read from an input file together with where it was written.
package struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    package var value: Value
    package var location: SourceLocation

    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
