/// A `WWW-Authenticate` value the grammar does not allow, located.
public struct ChallengeSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the grammar allows at ``offset``.
    public var expected: String
    /// The UTF-8 offset into the field value.
    public var offset: Int
    /// What was there, escaped (a control character by its code), or `the end`.
    public var found: String

    /// `expected …, found … at byte N`: never the value itself, which may carry a nonce.
    public var description: String {
        "expected \(expected) in the WWW-Authenticate field, found \(found) at byte \(offset + 1)"
    }
}
