/// Checks a template against the template context (``TemplateContext``) before anything renders:
/// Mustache renders a key the context lacks as empty text, so a misspelt key in a `--templates`
/// override would silently drop a conformance or an argument from every generated client.
enum TemplateKeyCheck {
    /// The comment a template states its context version in.
    static let versionMarker = "oauthgen-template-context"

    /// The first problem in `text`, located; `nil` when every key exists where it is used and the
    /// template declares the current context version.
    static func firstProblem(in text: String, file: String) -> TemplateError? {
        let bytes = Array(text.utf8)
        var stack = [Scope(shape: .object(TemplateContext.Root.self), isListItem: false)]
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
                return TemplateError(
                    location: location(of: open, in: bytes, file: file),
                    message:
                        "expected variables and sections only (no partials, blocks or delimiter changes), found '{{\(tag)}}'"
                )
            case "#", "^", "/", "&":
                tag = String(tag.dropFirst()).trimmingSpaces
            default:
                break
            }
            if sigil == "/" {
                if stack.count > 1 { stack.removeLast() }
                continue
            }
            let found: TemplateShape
            switch resolve(tag, in: stack) {
            case .success(let shape): found = shape
            case .failure(let failure):
                return TemplateError(location: location(of: open, in: bytes, file: file), message: failure.message)
            }
            let current = stack[stack.count - 1]
            switch (sigil, found) {
            case ("#", .object):
                stack.append(Scope(shape: found, isListItem: false))
            case ("#", .list(let item)):
                stack.append(Scope(shape: item.shape, isListItem: true))
            case ("#", .text):
                // Mustache renders the section with the text as `.`, outside any list's item.
                stack.append(Scope(shape: .text, isListItem: false))
            case ("#", _), ("^", _):
                // A flag's section, or an inverted one, renders where it stands.
                stack.append(current)
            case (_, .object), (_, .list):
                // Mustache would print Swift's description of the dictionary or array into the
                // generated code, which then fails to compile in the app, far from this line.
                return TemplateError(
                    location: location(of: open, in: bytes, file: file),
                    message:
                        "expected a value (text, a number or a flag), found '\(tag)', which is \(tag == "." ? "an item with keys of its own" : "a section: open it with '{{#\(tag)}}'")"
                )
            default:
                break
            }
        }
        guard declaredVersion == TemplateContext.version else {
            return TemplateError(
                location: SourceLocation(file: file, line: 1, column: 1),
                message:
                    "expected the template to declare the context version it was written for, '{{! \(versionMarker) \(TemplateContext.version) }}', found \(declaredVersion.map { "version \($0)" } ?? "no declaration")"
            )
        }
        return nil
    }

    /// One open section: what `.` is there, and whether it is a list's item (where swift-mustache's
    /// `first()`, `last()` and `index()` describe its place; any other section resets them).
    struct Scope {
        var shape: TemplateShape
        var isListItem: Bool

        var keys: [String: TemplateShape] {
            if case .object(let type) = shape { type.templateShapes } else { [:] }
        }
    }

    /// A dotted name looked up as Mustache does: its first part in the innermost scope that has
    /// it, the rest inside that; `.` is the current item. A transform is one of swift-mustache's
    /// on a list (`empty(list)`, `count(list)`) or on a list's item (`first()`, `last()`, `index()`).
    private static func resolve(_ tag: String, in stack: [Scope]) -> Result<TemplateShape, Failure> {
        let unknown = Failure(
            "expected a key of the template context (version \(TemplateContext.version), see Templates/README.md), found '\(tag)'"
        )
        if tag.hasSuffix(")"), let open = tag.firstIndex(of: "(") {
            let transform = String(tag[..<open])
            let argument = String(tag[tag.index(after: open)..<tag.index(before: tag.endIndex)])
            switch (transform, argument) {
            case ("first", ""), ("last", ""), ("index", ""):
                guard stack.last?.isListItem == true else {
                    return .failure(
                        Failure(
                            "expected '\(tag)' directly inside a list's section, where it describes the item, found it outside"
                        ))
                }
                return .success(transform == "index" ? .text : .flag)
            case ("empty", _), ("count", _):
                guard case .success(.list) = resolve(argument, in: stack) else {
                    return .failure(
                        Failure(
                            "expected a list in '\(tag)', found '\(argument)', which is \(resolve(argument, in: stack).isSuccess ? "not a list" : "not a key of the context")"
                        ))
                }
                return .success(transform == "empty" ? .flag : .text)
            default:
                return .failure(
                    Failure(
                        "expected one of the transforms first(), last(), index(), empty(list) or count(list), found '\(tag)'"
                    ))
            }
        }
        if tag == "." { return .success(stack.last?.shape ?? .text) }
        let parts = tag.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let scope = stack.reversed().first(where: { $0.keys[parts[0]] != nil }),
            var current = scope.keys[parts[0]]
        else { return .failure(unknown) }
        for part in parts.dropFirst() {
            guard case .object(let type) = current, let next = type.templateShapes[part] else {
                return .failure(unknown)
            }
            current = next
        }
        return .success(current)
    }

    /// A refusal's message.
    struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
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

private extension Result {
    var isSuccess: Bool {
        if case .success = self { true } else { false }
    }
}
