/// A finding about one redirect URI, positioned by offset within the URI text.
public struct RedirectFinding: Sendable, Hashable {
    /// How bad the finding is: an error is refused by the build and the runtime alike.
    public enum Severity: String, Sendable, Hashable {
        /// Advice.
        case note
        /// Probably wrong; the build goes on.
        case warning
        /// Refused: the build fails and the runtime throws.
        case error
    }

    /// How bad it is.
    public var severity: Severity
    /// The rule, whose raw value is the build's rule ID.
    public var rule: RedirectRule
    /// What was expected and what was found.
    public var message: String
    /// The 0-based offset, in UTF-8 bytes, of the part of the URI the finding is about.
    public var offset: Int
}
