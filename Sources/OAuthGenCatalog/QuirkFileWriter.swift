import OAuthGenCore

/// Writes a quirk file as XML property-list text: the entries given, in order, each with the
/// comment given for its key (the catalog's source for that quirk).
enum QuirkFileWriter {
    struct Entry {
        var key: String
        var value: PlistValue.Kind
        var comment: String?
    }

    static func text(_ entries: [Entry], header: String) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
            #"<plist version="1.0">"#,
            "<!-- \(commentText(header)) -->",
            "<dict>",
        ]
        for entry in entries {
            if let comment = entry.comment { lines.append("\t<!-- \(commentText(comment)) -->") }
            lines.append("\t<key>\(escaped(entry.key))</key>")
            lines += value(entry.value, depth: 1)
        }
        lines += ["</dict>", "</plist>", ""]
        return lines.joined(separator: "\n")
    }

    private static func value(_ kind: PlistValue.Kind, depth: Int) -> [String] {
        let indent = String(repeating: "\t", count: depth)
        switch kind {
        case .string(let text): return ["\(indent)<string>\(escaped(text))</string>"]
        case .integer(let text): return ["\(indent)<integer>\(escaped(text))</integer>"]
        case .real(let text): return ["\(indent)<real>\(escaped(text))</real>"]
        case .bool(let flag): return ["\(indent)<\(flag ? "true" : "false")/>"]
        case .date(let text): return ["\(indent)<date>\(escaped(text))</date>"]
        case .data(let text): return ["\(indent)<data>\(escaped(text))</data>"]
        case .array(let items):
            guard !items.isEmpty else { return ["\(indent)<array/>"] }
            return ["\(indent)<array>"] + items.flatMap { value($0.kind, depth: depth + 1) } + ["\(indent)</array>"]
        case .dictionary(let entries):
            guard !entries.isEmpty else { return ["\(indent)<dict/>"] }
            return ["\(indent)<dict>"]
                + entries.flatMap {
                    ["\(indent)\t<key>\(escaped($0.key))</key>"] + value($0.value.kind, depth: depth + 1)
                }
                + ["\(indent)</dict>"]
        }
    }

    /// XML character data: `&`, `<` and `>` escaped.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A comment may not hold `--` (XML 1.0 §2.5).
    static func commentText(_ text: String) -> String {
        var text = text
        while text.contains("--") { text = text.replacingOccurrences(of: "--", with: "- -") }
        return text.hasSuffix("-") ? text + " " : text
    }
}
