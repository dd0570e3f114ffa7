/// What a client ID may be, for the quirk file's `clientID` at build time and the ID an
/// `OAuthClient` is made with at run time: one rule, so the build refuses what the runtime would.
public enum ClientIdentifier {
    /// What the rule asks for, as both messages say it.
    public static let expectation =
        "a client ID of printable ASCII characters (client-id = *VSCHAR, RFC 6749 Appendix A.1)"

    /// Why `id` cannot be sent as a client ID, or `nil` when it can: `client-id = *VSCHAR`
    /// (printable ASCII, %x20–7E), and not empty, since a request without one identifies no
    /// client. Names the offending character by its escape, so a control character in a pasted ID
    /// never reaches a terminal.
    public static func problem(in id: String) -> String? {
        if id.isEmpty { return "an empty string" }
        for (offset, scalar) in id.unicodeScalars.enumerated() where !(0x20...0x7E).contains(scalar.value) {
            return "\(TerminalText.escape(scalar)) at character \(offset + 1)"
        }
        return nil
    }
}
