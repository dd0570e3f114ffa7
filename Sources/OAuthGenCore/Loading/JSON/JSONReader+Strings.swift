// Strings and their escapes (RFC 8259 §7), the reader's longest part, kept apart from the
// structure (JSONReader.swift).
extension JSONReader {
    mutating func readString() throws(SyntaxError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ reader: JSONReader, into scalars: inout String.UnicodeScalarView, upTo end: Int) {
            if runStart < end {
                scalars.append(contentsOf: String(decoding: reader.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
            }
        }
        while true {
            guard let byte = current else {
                throw SyntaxError(
                    message: "expected a closing '\"' for the string that starts here, found the end of the file",
                    offset: start)
            }
            switch byte {
            case UInt8(ascii: "\""):
                flushRun(self, into: &scalars, upTo: index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flushRun(self, into: &scalars, upTo: index)
                scalars.append(try readEscape())
                runStart = index
            case 0x00..<0x20:
                throw SyntaxError(
                    message:
                        "expected control characters in strings to be escaped, found the raw byte 0x\(String(byte, radix: 16, uppercase: true))",
                    offset: index)
            default:
                index += 1
            }
        }
    }

    mutating func readEscape() throws(SyntaxError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard let byte = current else {
            throw SyntaxError(
                message: "expected an escape character after '\\', found the end of the file", offset: index)
        }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try readHex4()
            if (0xD800...0xDBFF).contains(high) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw SyntaxError(
                        message:
                            "expected a low surrogate escape after the high surrogate \\u\(String(high, radix: 16, uppercase: true)), found none",
                        offset: start)
                }
                index += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw SyntaxError(
                        message:
                            "expected a low surrogate (\\uDC00–\\uDFFF), found \\u\(String(low, radix: 16, uppercase: true))",
                        offset: start)
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw SyntaxError(
                    message:
                        "expected a Unicode scalar, found the lone low surrogate \\u\(String(high, radix: 16, uppercase: true))",
                    offset: start)
            }
            return scalar
        default:
            throw SyntaxError(
                message:
                    "expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u, found '\\\(Character(Unicode.Scalar(byte)))'",
                offset: start)
        }
    }

    mutating func readHex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw SyntaxError(
                    message: "expected four hexadecimal digits after \\u, found \(describeCurrent())", offset: index)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
