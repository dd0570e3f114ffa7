/// A strict RFC 8259 reader that records the line and column of every value and member name.
///
/// Foundation's `JSONSerialization` and `JSONDecoder` report no positions, and a finding
/// without a position is one an editor cannot show on the offending line.
package struct JSONReader {
    /// The outcome of a read: the value if the text is JSON, and findings either way.
    package struct Result: Sendable {
        package var value: JSONValue?
        package var diagnostics: [Diagnostic]
    }

    private let bytes: [UInt8]
    private let lines: LineTable
    private var index = 0
    private var depth = 0
    private var diagnostics: [Diagnostic] = []

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.lines = LineTable(file: file, bytes: bytes)
    }

    /// Reads one JSON text. Syntax errors stop the read; duplicate member names are reported and
    /// the read goes on, keeping the first occurrence.
    package static func read(_ bytes: [UInt8], file: String) -> Result {
        var reader = JSONReader(bytes: bytes, file: file)
        if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
            let diagnostic = Diagnostic(
                .error, .inputInvalidUTF8,
                "expected UTF-8 text, found the byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) that is not valid UTF-8",
                at: reader.lines.location(ofOffset: bad))
            return Result(value: nil, diagnostics: [diagnostic])
        }
        do throws(SyntaxError) {
            // RFC 8259 §8.1: a parser MAY ignore a byte order mark.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
            reader.skipWhitespace()
            let value = try reader.readValue()
            reader.skipWhitespace()
            if reader.index < bytes.count {
                throw SyntaxError(
                    message:
                        "expected the end of the document after the top-level value, found \(reader.describeCurrent())",
                    offset: reader.index)
            }
            return Result(value: value, diagnostics: reader.diagnostics)
        } catch {
            reader.diagnostics.append(
                Diagnostic(.error, .jsonSyntax, error.message, at: reader.lines.location(ofOffset: error.offset)))
            return Result(value: nil, diagnostics: reader.diagnostics)
        }
    }

    private struct SyntaxError: Error {
        var message: String
        var offset: Int
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func describeCurrent() -> String {
        guard let byte = current else { return "the end of the file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "the byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            index += 1
        }
    }

    private mutating func readValue() throws(SyntaxError) -> JSONValue {
        let start = index
        let location = lines.location(ofOffset: start)
        switch current ?? 0 {
        case UInt8(ascii: "{"): return JSONValue(kind: .object(try readObject()), location: location)
        case UInt8(ascii: "["): return JSONValue(kind: .array(try readArray()), location: location)
        case UInt8(ascii: "\""):
            let text = try readString()
            if let finding = InvisibleCharacters.finding(in: text, what: "a string", at: location) {
                diagnostics.append(finding)
            }
            return JSONValue(kind: .string(text), location: location)
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return JSONValue(kind: .bool(true), location: location)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return JSONValue(kind: .bool(false), location: location)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return JSONValue(kind: .null, location: location)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try readNumber()), location: location)
        default:
            throw SyntaxError(message: "expected a JSON value, found \(describeCurrent())", offset: index)
        }
    }

    private mutating func enterContainer() throws(SyntaxError) {
        depth += 1
        if depth > InputLimits.maximumJSONDepth {
            throw SyntaxError(
                message: "expected at most \(InputLimits.maximumJSONDepth) levels of nesting, found more", offset: index
            )
        }
    }

    private mutating func readObject() throws(SyntaxError) -> [JSONMember] {
        try enterContainer()
        defer { depth -= 1 }
        index += 1
        var members: [JSONMember] = []
        var seen: [String: SourceLocation] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw SyntaxError(
                    message: "expected a member name in double quotes, found \(describeCurrent())", offset: index)
            }
            let nameLocation = lines.location(ofOffset: index)
            let name = try readString()
            if let finding = InvisibleCharacters.finding(in: name, what: "a member name", at: nameLocation) {
                diagnostics.append(finding)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw SyntaxError(
                    message: "expected ':' after the member name \"\(name)\", found \(describeCurrent())", offset: index
                )
            }
            index += 1
            skipWhitespace()
            let value = try readValue()
            if let first = seen[name] {
                diagnostics.append(
                    Diagnostic(
                        .error, .jsonDuplicateMember,
                        "expected member names to be unique, found \"\(name)\" again (first at line \(first.line), column \(first.column))",
                        at: nameLocation))
            } else {
                seen[name] = nameLocation
                members.append(JSONMember(name: name, nameLocation: nameLocation, value: value))
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return members
            default:
                throw SyntaxError(
                    message: "expected ',' or '}' after an object member, found \(describeCurrent())", offset: index)
            }
        }
    }

    private mutating func readArray() throws(SyntaxError) -> [JSONValue] {
        try enterContainer()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return elements
            default:
                throw SyntaxError(
                    message: "expected ',' or ']' after an array element, found \(describeCurrent())", offset: index)
            }
        }
    }

    private mutating func readLiteral(_ literal: StaticString) throws(SyntaxError) {
        let start = index
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard current == byte else {
                throw SyntaxError(
                    message: "expected the literal '\(literal)', found \(describeCurrent())", offset: start)
            }
            index += 1
        }
    }

    private mutating func readNumber() throws(SyntaxError) -> String {
        let start = index
        func digits(_ reader: inout JSONReader) -> Int {
            var count = 0
            while let byte = reader.current, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                reader.index += 1
                count += 1
            }
            return count
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
            if let byte = current, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                throw SyntaxError(
                    message: "expected no leading zeros in a number, found a digit after '0'", offset: index)
            }
        } else if digits(&self) == 0 {
            throw SyntaxError(message: "expected a digit in the number, found \(describeCurrent())", offset: index)
        }
        if current == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 {
                throw SyntaxError(
                    message: "expected a digit after the decimal point, found \(describeCurrent())", offset: index)
            }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 {
                throw SyntaxError(
                    message: "expected a digit in the exponent, found \(describeCurrent())", offset: index)
            }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func readString() throws(SyntaxError) -> String {
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

    private mutating func readEscape() throws(SyntaxError) -> Unicode.Scalar {
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

    private mutating func readHex4() throws(SyntaxError) -> UInt32 {
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

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
