import OAuthPolicy

/// Control, bidi and zero-width characters in input text: "Trojan Source" material that makes a
/// value read differently from what it is. Generated code and messages escape them
/// (`TerminalText`); the finding tells the user they are there at all.
enum InvisibleCharacters {
    static func finding(in text: String, what: String, at location: SourceLocation) -> Diagnostic? {
        guard let scalar = text.unicodeScalars.first(where: TerminalText.needsEscape) else { return nil }
        let code = String(scalar.value, radix: 16, uppercase: true)
        return Diagnostic(
            .warning, .inputInvisibleCharacter,
            "expected \(what) of visible characters, found U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code) (a control, bidi or zero-width character) in '\(text)'; it is escaped in generated code and messages, but the file does not read as what it holds",
            at: location)
    }
}
