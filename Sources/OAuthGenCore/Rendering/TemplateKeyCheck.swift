/// Checks a template against ``TemplateContext`` before anything renders: Mustache renders a key
/// the context lacks as empty text, so a misspelt key in a `--templates` override would silently
/// drop a conformance or an argument from every generated client.
enum TemplateKeyCheck {
    /// The comment a template states its context version in.
    static let versionMarker = "oauthgen-template-context"

    /// The first problem in `text`, located; `nil` when every key exists where it is used and the
    /// template declares the current context version.
    static func firstProblem(in text: String, file: String) -> TemplateError? {
        let bytes = Array(text.utf8)
        var stack: [Schema] = [exemplarSchema]
        var declaredVersion: Int?
        var index = 0
        while let open = find([0x7B, 0x7B], in: bytes, from: index) {
            let triple = open + 2 < bytes.count && bytes[open + 2] == 0x7B
            let closing: [UInt8] = triple ? [0x7D, 0x7D, 0x7D] : [0x7D, 0x7D]
            let contentStart = open + (triple ? 3 : 2)
            guard let close = find(closing, in: bytes, from: contentStart) else { break }
            index = close + closing.count
            var tag = String(decoding: bytes[contentStart..<close], as: UTF8.self).trimmingSpaces
            guard let sigil = tag.first else { continue }
            switch sigil {
            case "!":
                let words = tag.dropFirst().split(separator: " ")
                if words.count == 2, words[0] == versionMarker { declaredVersion = Int(words[1]) }
                continue
            case "%":
                continue
            case "=", ">", "<", "$":
                return TemplateError(location: location(of: open, in: bytes, file: file),
                                     message: "expected variables and sections only (no partials, blocks or delimiter changes), found '{{\(tag)}}'")
            case "#", "^", "/", "&":
                tag = String(tag.dropFirst()).trimmingSpaces
            default:
                break
            }
            if sigil == "/" {
                if stack.count > 1 { stack.removeLast() }
                continue
            }
            guard let found = resolve(tag, in: stack) else {
                return TemplateError(location: location(of: open, in: bytes, file: file),
                                     message: "expected a key of the template context (version \(TemplateContext.version), see Templates/README.md), found '\(tag)'")
            }
            if sigil == "#" || sigil == "^" {
                // Inside a list or an object the element's keys come first; a flag's section
                // sees the same keys as outside it.
                stack.append(sigil == "#" ? found.inside : Schema())
            } else if found.isSection {
                // Mustache would print Swift's description of the dictionary or array into the
                // generated code, which then fails to compile in the app, far from this line.
                return TemplateError(location: location(of: open, in: bytes, file: file),
                                     message: "expected a value (text, a number or a flag), found '\(tag)', which is \(tag == "." ? "an item with keys of its own" : "a section: open it with '{{#\(tag)}}'")")
            }
        }
        guard declaredVersion == TemplateContext.version else {
            return TemplateError(location: SourceLocation(file: file, line: 1, column: 1),
                                 message: "expected the template to declare the context version it was written for, '{{! \(versionMarker) \(TemplateContext.version) }}', found \(declaredVersion.map { "version \($0)" } ?? "no declaration")")
        }
        return nil
    }

    /// The keys at one level of the context, each with the keys its section opens.
    struct Schema {
        var keys: [String: Schema] = [:]
        /// An object or a list: opened as a section, never printed.
        var isSection = false
        /// Whether `.` inside this key's section is itself an object: a list's item, or the
        /// object whose section it is (so `{{.}}` there cannot be printed either).
        var itemIsSection = false

        /// What `.` and the keys are inside this key's section.
        var inside: Schema { Schema(keys: keys, isSection: itemIsSection) }
    }

    /// The context's shape, read from a value with one element in every list.
    static let exemplarSchema = schema(of: TemplateContext.exemplar)

    private static func schema(of value: Any) -> Schema {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection:
            let item = mirror.children.first.map { schema(of: $0.value) } ?? Schema()
            return Schema(keys: item.keys, isSection: true, itemIsSection: item.isSection)
        case .struct:
            var keys: [String: Schema] = [:]
            for child in mirror.children {
                if let label = child.label { keys[label] = schema(of: child.value) }
            }
            return Schema(keys: keys, isSection: true, itemIsSection: true)
        default:
            return Schema()
        }
    }

    /// A dotted name looked up as Mustache does: its first part in the innermost scope that has
    /// it, the rest inside that; `.` is the current item.
    private static func resolve(_ name: String, in stack: [Schema]) -> Schema? {
        if name == "." { return stack.last ?? Schema() }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let scope = stack.reversed().first(where: { $0.keys[parts[0]] != nil }), var current = scope.keys[parts[0]] else { return nil }
        for part in parts.dropFirst() {
            guard let next = current.keys[part] else { return nil }
            current = next
        }
        return current
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Counted only for the one tag that is refused: counting for every tag made the check
    /// quadratic in the template's length (FuzzTemplate ran at 35 inputs a second). Lines end
    /// where the readers' `LineTable` ends them, so a template saved with CR or CRLF line ends
    /// is located as its editor shows it.
    private static func location(of offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        LineTable(file: file, bytes: bytes[..<offset]).location(ofOffset: offset)
    }
}

private extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}

extension TemplateContext {
    /// A context with one element in every list, for reading its shape.
    static let exemplar = TemplateContext(
        sourceFiles: "", providerName: "", typeName: "", access: "", isOpenIDConnect: true,
        hasRevocation: true, hasUserInfo: true, hasEndSession: true, hasDeviceAuthorization: true, usesDPoP: true, isBuildVerified: true,
        configuration: Configuration(
            issuer: "", hasIssuerTemplate: true, issuerPlaceholders: [Placeholder(name: "", claim: "", last: true)],
            endpoints: [Member(label: "", value: "", last: true)], metadata: [Member(label: "", value: "", last: true)],
            quirks: [Member(label: "", value: "", last: true)], hasQuirks: true, clientID: "", defaultScopes: ""),
        scopes: [Constant(identifier: "", literal: "", documentation: "")],
        redirectURIs: [RedirectCase(identifier: "", literal: "", kind: "", documentation: "")], hasRedirectURIs: true,
        postLogoutRedirectURIs: [RedirectCase(identifier: "", literal: "", kind: "", documentation: "")], hasPostLogoutRedirectURIs: true,
        prompts: [Constant(identifier: "", literal: "", documentation: "")], hasPrompts: true,
        claims: [Claim(identifier: "", keyLiteral: "", swiftType: "", documentation: "", isRequired: true, last: true)],
        userInfoMembers: [Claim(identifier: "", keyLiteral: "", swiftType: "", documentation: "", isRequired: true, last: true)],
        hasUserInfoMembers: true)
}
