/// Writes a discovery document the way oauthgen pins it: members sorted by name, two-space
/// indentation, one array element per line, numbers as the server wrote them, a newline at the end.
/// The same document always pins to the same bytes, so a re-fetch that changed nothing is no diff.
package enum PinnedJSONWriter {
    package static func write(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: "", into: &output)
        return output + "\n"
    }

    private static func write(_ value: JSONValue, indent: String, into output: inout String) {
        let inner = indent + "  "
        switch value.kind {
        case .object(let members) where members.isEmpty:
            output += "{}"
        case .object(let members):
            output += "{\n"
            let sorted = members.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
            for (index, member) in sorted.enumerated() {
                output += inner + quoted(member.name) + ": "
                write(member.value, indent: inner, into: &output)
                output += index == sorted.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        case .array(let elements) where elements.isEmpty:
            output += "[]"
        case .array(let elements):
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                write(element, indent: inner, into: &output)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .string(let text): output += quoted(text)
        case .number(let text): output += text
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        }
    }

    /// RFC 8259 §7: quote, backslash and control characters escaped; `/` and non-ASCII kept as is.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
