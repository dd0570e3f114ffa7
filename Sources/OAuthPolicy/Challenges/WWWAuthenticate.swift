/// The `WWW-Authenticate` grammar of RFC 9110 §11.6.1 and §11.2, read once for every caller:
///
///     WWW-Authenticate = #challenge
///     challenge   = auth-scheme [ 1*SP ( token68 / #auth-param ) ]
///     auth-param  = token BWS "=" BWS ( token / quoted-string )
///     token68     = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
///
/// Commas separate both challenges and one challenge's parameters; a name followed by `=` is a
/// parameter, anything else starts the next challenge. Empty list elements are skipped, as
/// RFC 9110 §5.6.1 asks of a recipient. It reads bytes and makes strings only for its result.
public enum WWWAuthenticate {
    /// The field's challenges in order.
    ///
    /// - Throws: ``ChallengeSyntaxError`` at the first byte the grammar does not allow, and for a
    ///   parameter named twice in one challenge (RFC 9110 §11.2).
    public static func parse(_ field: String) throws(ChallengeSyntaxError) -> [AuthenticationChallenge] {
        // A field past the cap is refused unread: real challenges are a few hundred bytes, and a
        // resource that sends tens of kilobytes is not asking for anything a client can give.
        guard field.utf8.count <= maximumFieldLength else {
            throw ChallengeSyntaxError(
                expected: "a field of at most \(maximumFieldLength) bytes", offset: maximumFieldLength,
                found: "\(field.utf8.count) bytes")
        }
        // Over the string's own UTF-8 (no copy): the result's arrays and strings are all a typical
        // header costs (GenerationBenchmarks counts them).
        var field = field
        let result = field.withUTF8 { bytes -> Result<[AuthenticationChallenge], ChallengeSyntaxError> in
            var reader = Reader(bytes: bytes)
            do throws(ChallengeSyntaxError) {
                return .success(try reader.challenges())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The longest field value read, in bytes: far above any real challenge (a few hundred
    /// bytes), far below what would cost a client time (the parse is linear in the length).
    public static let maximumFieldLength = 8192

    /// The challenges of every `WWW-Authenticate` field line (a response may send several; they
    /// combine as one list, RFC 9110 §5.3). A field line that does not parse is left out, so one
    /// malformed challenge does not hide another server's well-formed one.
    public static func challenges(inFieldLines lines: [String]) -> [AuthenticationChallenge] {
        lines.flatMap { (try? parse($0)) ?? [] }
    }

    static func equalIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
    }

    fileprivate static func lower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func challenges() throws(ChallengeSyntaxError) -> [AuthenticationChallenge] {
            var result: [AuthenticationChallenge] = []
            result.reserveCapacity(2)
            skipSeparators()
            while index < bytes.count {
                result.append(try challenge())
                skipSeparators()
            }
            return result
        }

        /// `auth-scheme [ 1*SP ( token68 / #auth-param ) ]`, up to the comma before the next
        /// challenge or the end.
        mutating func challenge() throws(ChallengeSyntaxError) -> AuthenticationChallenge {
            guard let scheme = token() else { throw failure("an authentication scheme (a token)") }
            var challenge = AuthenticationChallenge(scheme: scheme)
            guard index < bytes.count, bytes[index] == .space else {
                // A scheme alone, then the end or a comma.
                try expectEndOfElement()
                return challenge
            }
            skipWhitespace()
            if index == bytes.count || bytes[index] == .comma { return challenge }
            if let token68 = token68() {
                challenge.token68 = token68
                try expectEndOfElement()
                return challenge
            }
            // Names seen, lowercased, once a challenge has more than a few: the duplicate check
            // stays linear in the parameters (it scanned them all for each one, and a 35 KB field
            // of parameters pinned a core for seconds).
            var seen: Set<String>?
            while true {
                let start = index
                guard let name = token() else { throw failure("a parameter name (a token)") }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == .equals else {
                    // Not a parameter: the next challenge's scheme, which must follow a comma.
                    index = start
                    if challenge.parameters.isEmpty { throw failure("'=' after the parameter name") }
                    return challenge
                }
                index += 1
                skipWhitespace()
                let value = try parameterValue()
                let repeated: Bool
                if challenge.parameters.count < 8 {
                    repeated = challenge[name] != nil
                } else {
                    if seen == nil { seen = Set(challenge.parameters.map { Self.lowercased($0.name) }) }
                    repeated = !seen!.insert(Self.lowercased(name)).inserted
                }
                if repeated {
                    index = start
                    throw failure("each parameter once per challenge, found '\(TerminalText.escaping(name))' again")
                }
                if challenge.parameters.isEmpty { challenge.parameters.reserveCapacity(6) }
                challenge.parameters.append((name, value))
                skipWhitespace()
                if index == bytes.count { return challenge }
                guard bytes[index] == .comma else { throw failure("',' or the end after a parameter") }
                skipSeparators()
                if index == bytes.count { return challenge }
            }
        }

        /// A token68 when the rest of the element is one (it ends at a comma or the end),
        /// else `nil` with nothing read.
        mutating func token68() -> String? {
            let start = index
            while index < bytes.count, Self.isToken68(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            while index < bytes.count, bytes[index] == .equals { index += 1 }
            let end = index
            skipWhitespace()
            if index == bytes.count || bytes[index] == .comma {
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
            index = start
            return nil
        }

        mutating func parameterValue() throws(ChallengeSyntaxError) -> String {
            if index < bytes.count, bytes[index] == .quote { return try quotedString() }
            guard let value = token() else { throw failure("a parameter value (a token or a quoted string)") }
            return value
        }

        /// `quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE` (RFC 9110 §5.6.4). Without a
        /// quoted-pair the value is the bytes between the quotes; only one with escapes is copied.
        mutating func quotedString() throws(ChallengeSyntaxError) -> String {
            index += 1
            let start = index
            var unescaped: [UInt8]?
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case .quote:
                    defer { index += 1 }
                    return unescaped.map { String(decoding: $0, as: UTF8.self) }
                        ?? String(decoding: bytes[start..<index], as: UTF8.self)
                case .backslash:
                    guard index + 1 < bytes.count, Self.isQuotable(bytes[index + 1]) else {
                        index += 1
                        throw failure("a character after '\\' in a quoted string")
                    }
                    if unescaped == nil { unescaped = Array(bytes[start..<index]) }
                    unescaped?.append(bytes[index + 1])
                    index += 2
                default:
                    guard Self.isQuotedText(byte) else {
                        throw failure("text in a quoted string (no control characters)")
                    }
                    unescaped?.append(byte)
                    index += 1
                }
            }
            throw failure("'\"' closing the quoted string")
        }

        mutating func token() -> String? {
            let start = index
            while index < bytes.count, Self.isTokenCharacter(bytes[index]) { index += 1 }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        mutating func expectEndOfElement() throws(ChallengeSyntaxError) {
            skipWhitespace()
            guard index == bytes.count || bytes[index] == .comma else { throw failure("',' or the end") }
        }

        /// Commas and whitespace between list elements, empty elements included.
        mutating func skipSeparators() {
            while index < bytes.count, bytes[index] == .comma || bytes[index] == .space || bytes[index] == .tab {
                index += 1
            }
        }

        mutating func skipWhitespace() {
            while index < bytes.count, bytes[index] == .space || bytes[index] == .tab { index += 1 }
        }

        func failure(_ expected: String) -> ChallengeSyntaxError {
            ChallengeSyntaxError(
                expected: expected, offset: index,
                found: index < bytes.count ? TerminalText.escape(Unicode.Scalar(bytes[index])) : "the end")
        }

        /// ASCII letters lowercased (names are tokens: ASCII only).
        static func lowercased(_ name: String) -> String {
            String(decoding: name.utf8.map(WWWAuthenticate.lower), as: UTF8.self)
        }

        /// `tchar` (RFC 9110 §5.6.2).
        static func isTokenCharacter(_ byte: UInt8) -> Bool {
            URIGrammar.isLetter(byte) || URIGrammar.isDigit(byte) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }

        static func isToken68(_ byte: UInt8) -> Bool {
            URIGrammar.isLetter(byte) || URIGrammar.isDigit(byte) || "-._~+/".utf8.contains(byte)
        }

        /// `qdtext`: HTAB, SP, visible ASCII but `"` and `\`, and obs-text (bytes of UTF-8 text).
        static func isQuotedText(_ byte: UInt8) -> Bool {
            byte == .tab || byte == .space || byte == 0x21 || (0x23...0x5B).contains(byte)
                || (0x5D...0x7E).contains(byte) || byte >= 0x80
        }

        /// `quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text )`.
        static func isQuotable(_ byte: UInt8) -> Bool {
            byte == .tab || byte == .space || (0x21...0x7E).contains(byte) || byte >= 0x80
        }
    }
}

private extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let comma = UInt8(ascii: ",")
    static let equals = UInt8(ascii: "=")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
}
