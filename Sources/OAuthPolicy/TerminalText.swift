/// Text from inputs and network peers made safe to print: on a terminal, in a build log, in
/// Xcode's issue navigator.
///
/// A discovery value with a newline could forge a second `path:line:col: error:` line pointing
/// at the app's own file; ESC sequences can rewrite what the terminal shows; bidi overrides and
/// zero-width characters make text read differently from what it is. Every such scalar becomes a
/// visible `\u{…}` escape; everything else is kept as it is.
public enum TerminalText {
    /// `text` with every scalar `needsEscape` flags written as `\u{…}`; other text unchanged.
    public static func escaping(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// One scalar as the visible escape `escaping` writes: `\u{A}` for a line feed.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    /// Control characters (C0, DEL, C1), line and paragraph separators, bidi embeddings,
    /// overrides and isolates, zero-width and invisible format characters.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x115F, 0x1160, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0x3164, 0xFEFF, 0xFFA0,
            0xFFF9...0xFFFB:
            true
        case 0xE0000...0xE007F: true
        default: false
        }
    }

    /// Whether `text` holds a character that `escaping` would change: input worth a warning
    /// even where it is not printed (it may end up in generated code).
    public static func containsInvisibleOrControl(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: needsEscape)
    }
}
