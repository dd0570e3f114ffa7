import OAuthPolicy

/// Swift identifiers and string literals made from arbitrary provider strings.
package enum SwiftNaming {
    /// Keywords that need backticks to be used as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "as", "false", "is", "nil", "super", "throws", "true", "try", "any", "some",
        "await", "async", "consume", "copy", "discard", "each", "borrowing", "consuming", "package", "macro",
    ]

    /// Names that cannot be members even with backticks, or that generated types already use.
    static let unusableMemberNames: Set<String> = [
        "self", "Self", "Type", "Protocol", "init", "rawValue", "description", "hashValue", "CodingKeys",
    ]

    /// Types that generated code names: a provider type with one of these names would shadow
    /// it inside the generated file (a provider called `date` must not become `enum Date`), or
    /// the standard type in the app. The runtime's and the standard ones are `OAuthPolicy`'s list
    /// (the runtime's checked against its sources); the rest are the generated types' own members.
    static let typeNamesGeneratedCodeUses: Set<String> = ReservedTypeNames.runtime.union(ReservedTypeNames.resources)
        .union(ReservedTypeNames.middleware).union(ReservedTypeNames.standard).union([
            "Scope", "Claims", "UserInfo", "RedirectURI", "Prompt", "ACRValue", "Resource", "PostLogoutRedirectURI",
            "CodingKeys",
        ])

    /// Whether `name` can be a generated type's name as written.
    package static func isValidTypeName(_ name: String) -> Bool {
        // `_` alone is the discard pattern, not a name.
        guard name != "_", let first = name.unicodeScalars.first, first == "_" || isASCIILetter(first) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || isASCIILetter($0) || ("0"..."9").contains($0) }
            && !keywords.contains(name) && !unusableMemberNames.contains(name)
            && !typeNamesGeneratedCodeUses.contains(name)
    }

    /// `google-workspace` → `GoogleWorkspace`; a name generated code already uses gets `Provider`
    /// appended (`date` → `DateProvider`).
    package static func upperCamelCase(_ text: String) -> String {
        let words = words(in: text)
        var result = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if result.isEmpty { result = "Provider" }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        if typeNamesGeneratedCodeUses.contains(result) || unusableMemberNames.contains(result) { result += "Provider" }
        return result
    }

    /// `email_verified` → `emailVerified`; `https://gitlab.org/claims/groups/owner` → `claimsGroupsOwner`;
    /// `read:user` → `readUser`. Not yet escaped or deduplicated.
    package static func lowerCamelCase(_ text: String) -> String {
        var source = Substring(text)
        // For URL-shaped names the scheme and host add length, not meaning.
        if let range = source.range(of: "://") {
            let afterScheme = source[range.upperBound...]
            source = afterScheme.firstIndex(of: "/").map { afterScheme[afterScheme.index(after: $0)...] } ?? afterScheme
        }
        let parts = words(in: String(source))
        // No ASCII letter or digit at all (`*`, `_`, `名前`): spell the scalars out, so the
        // name is a valid identifier and the same on every run.
        guard let head = parts.first else {
            return "u" + text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "_")
        }
        let first = head == head.uppercased() ? head.lowercased() : head.prefix(1).lowercased() + head.dropFirst()
        var result = first + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let scalar = result.unicodeScalars.first, ("0"..."9").contains(scalar) { result = "_" + result }
        return result
    }

    /// Backticks for keywords.
    package static func escapedIdentifier(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Identifiers for `names`, unique and escaped: collisions, and names that cannot be members
    /// even with backticks (`self`, `rawValue`…), get `2`, `3`, … in input order.
    package static func uniqueIdentifiers(for names: [String], reserved: Set<String> = []) -> [String] {
        var used = reserved
        return names.map { name in
            let base = lowerCamelCase(name)
            var candidate = base
            var counter = 2
            while used.contains(candidate) || unusableMemberNames.contains(candidate) {
                candidate = base + String(counter)
                counter += 1
            }
            used.insert(candidate)
            return escapedIdentifier(candidate)
        }
    }

    /// A Swift string literal, quotes included, that evaluates to `text` exactly.
    package static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            case _ where TerminalText.needsEscape(scalar):
                // Controls, bidi overrides and zero-width characters: visible escapes in the
                // source, so the generated file reads as what it holds.
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Text safe inside a `///` doc comment or a `//` comment: one line, nothing invisible.
    package static func docCommentText(_ text: String) -> String {
        TerminalText.escaping(text)
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// Runs of ASCII letters and digits.
    private static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if isASCIILetter(scalar) || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
