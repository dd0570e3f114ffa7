/// What one scope may be, for the quirk file's scopes at build time and every scope the runtime
/// sends: one rule, so the build refuses what the runtime would.
public enum ScopeToken {
    /// What the rule asks for, as both messages say it.
    public static let expectation =
        "a scope of printable ASCII without spaces, '\"' or '\\' (scope-token = 1*NQCHAR, RFC 6749 §3.3)"

    /// Why `scope` cannot be sent as one scope, or `nil` when it can. A scope holding a space is
    /// two scopes to the server; one holding the provider's separator (GitHub's ",") is split
    /// there too. Names the offending character by its escape, never raw.
    public static func problem(in scope: String, separator: String = " ") -> String? {
        if scope.isEmpty { return "an empty scope" }
        for (offset, scalar) in scope.unicodeScalars.enumerated() {
            let value = scalar.value
            if value == 0x20 {
                return
                    "a space at character \(offset + 1) in '\(TerminalText.escaping(scope))', which makes it \(scope.split(separator: " ").count) scopes: list each on its own"
            }
            if !(value == 0x21 || (0x23...0x5B).contains(value) || (0x5D...0x7E).contains(value)) {
                return "\(TerminalText.escape(scalar)) at character \(offset + 1)"
            }
        }
        if separator != " ", !separator.isEmpty, scope.contains(separator) {
            return
                "the provider's scope separator '\(TerminalText.escaping(separator))' in '\(TerminalText.escaping(scope))', which makes it more than one scope: list each on its own"
        }
        return nil
    }
}
