/// RFC 3986's character classes, on UTF-8 bytes: the one grammar `ServerURL` and the redirect
/// checker parse with.
enum URIGrammar {
    /// ALPHA (RFC 3986 §1.3, RFC 5234 B.1).
    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    /// DIGIT.
    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// HEXDIG, either case (RFC 3986 §2.1).
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// unreserved (RFC 3986 §2.3).
    static func isUnreserved(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// sub-delims (RFC 3986 §2.2).
    static func isSubDelimiter(_ byte: UInt8) -> Bool { "!$&'()*+,;=".utf8.contains(byte) }

    /// gen-delims (RFC 3986 §2.2).
    static func isGenDelimiter(_ byte: UInt8) -> Bool { ":/?#[]@".utf8.contains(byte) }

    /// unreserved / reserved: every byte a URI may hold outside a percent-encoding.
    static func isURICharacter(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || isSubDelimiter(byte) || isGenDelimiter(byte)
    }

    /// A scheme's characters after its first letter (RFC 3986 §3.1).
    static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }
}
