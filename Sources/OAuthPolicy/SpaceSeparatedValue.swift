/// What one value of a space-separated request parameter may be (`acr_values`, `prompt` and
/// `ui_locales`, OIDC Core §3.1.2.1): the build gives no constant to a listed value that is not
/// one, and the runtime refuses to send it, since the server would read two values or none.
public enum SpaceSeparatedValue {
    /// What the rule asks for, as every message says it.
    public static let expectation =
        "a value without spaces or invisible characters (the parameter is a space-separated list, OIDC Core §3.1.2.1)"

    /// Why `value` cannot be sent as one value of such a list, or `nil` when it can. Names the
    /// offending character by its escape, never raw.
    public static func problem(in value: String) -> String? {
        if value.isEmpty { return "an empty value" }
        for (offset, scalar) in value.unicodeScalars.enumerated() {
            if scalar == " " {
                return
                    "a space at character \(offset + 1) in '\(TerminalText.escaping(value))', which makes it \(value.split(separator: " ").count) values: list each on its own"
            }
            if TerminalText.needsEscape(scalar) {
                return "\(TerminalText.escape(scalar)) at character \(offset + 1)"
            }
        }
        return nil
    }
}
