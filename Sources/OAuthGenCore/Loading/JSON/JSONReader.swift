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

    let bytes: [UInt8]
    private let lines: LineTable
    var index = 0
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

    struct SyntaxError: Error {
        var message: String
        var offset: Int
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func describeCurrent() -> String {
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
}
