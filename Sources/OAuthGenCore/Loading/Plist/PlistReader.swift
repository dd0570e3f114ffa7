import CLibXML2
import Foundation

/// Reads XML property lists through libxml2 with every value located, and refuses anything that
/// could make the parser reach outside the file or blow up in memory.
///
/// Safety, in order: the bytes must be UTF-8; any `<!ENTITY` declaration is refused before libxml2
/// sees the file; libxml2 runs with `XML_PARSE_NONET` and without `XML_PARSE_NOENT`, `DTDLOAD`,
/// `XINCLUDE` or `HUGE`, so no entity is ever substituted and no DTD is fetched; any entity reference
/// that survives into the tree is refused too.
public enum PlistReader {
    /// The outcome of a read: the root value if the file is a well-formed plist, and findings either way.
    public struct Result: Sendable {
        public var value: PlistValue?
        public var diagnostics: [Diagnostic]
    }

    static let parserOptions: Int32 = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue
            // The bytes were checked as UTF-8 and are read as UTF-8: an encoding declaration must
            // not make libxml2 decode them as something else (it is refused below, at its place).
            | XML_PARSE_IGNORE_ENC.rawValue)

    private static let libraryInitialized: Void = xmlInitParser()

    public static func read(_ bytes: [UInt8], file: String) -> Result {
        let lines = LineTable(file: file, bytes: bytes)
        if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
            return Result(value: nil, diagnostics: [Diagnostic(
                .error, .inputInvalidUTF8,
                "expected UTF-8 text, found the byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) that is not valid UTF-8",
                at: lines.location(ofOffset: bad))])
        }
        if let offset = firstOffset(of: Array("<!ENTITY".utf8), in: bytes) {
            return Result(value: nil, diagnostics: [Diagnostic(
                .error, .plistEntity,
                "expected no entity declarations in a property list, found <!ENTITY (entities can read local files or expand without bound)",
                at: lines.location(ofOffset: offset))])
        }
        // XML has no NUL character, and only NULs let libxml2 guess UTF-16 or UCS-4 from the
        // first bytes and decode the rest as that (XML 1.0 Appendix F).
        if let nul = bytes.firstIndex(of: 0) {
            return Result(value: nil, diagnostics: [Diagnostic(
                .error, .plistSyntax, "expected XML text, found a NUL byte (XML 1.0 §2.2)", at: lines.location(ofOffset: nul))])
        }
        if let (encoding, offset) = declaredEncoding(in: bytes), !["UTF-8", "UTF8"].contains(encoding.uppercased()) {
            return Result(value: nil, diagnostics: [Diagnostic(
                .error, .plistSyntax, "expected the encoding declaration to say UTF-8, found \"\(encoding)\"",
                at: lines.location(ofOffset: offset))])
        }
        guard !bytes.isEmpty else {
            return Result(value: nil, diagnostics: [Diagnostic(
                .error, .plistSyntax, "expected an XML property list, found an empty file",
                at: SourceLocation(file: file, line: 1, column: 1))])
        }
        _ = libraryInitialized
        // Per thread: this read may run on any.
        oauthgen_silenceGenericErrors()
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars -> Result in
                guard let context = xmlCreateMemoryParserCtxt(chars.baseAddress, Int32(chars.count)) else {
                    return Result(value: nil, diagnostics: [Diagnostic(
                        .error, .plistSyntax, "expected libxml2 to start a parser, found it out of memory",
                        at: SourceLocation(file: file, line: 1, column: 1))])
                }
                defer {
                    if let document = context.pointee.myDoc { xmlFreeDoc(document) }
                    xmlFreeParserCtxt(context)
                }
                oauthgen_recordElementOffsets(context)
                xmlCtxtUseOptions(context, parserOptions)
                _ = xmlParseDocument(context)
                guard context.pointee.wellFormed != 0, let document = context.pointee.myDoc else {
                    return Result(value: nil, diagnostics: [syntaxError(context, lines: lines, bytes: bytes)])
                }
                var walker = TreeWalker(context: context, lines: lines, bytes: bytes)
                let value = walker.readRoot(document)
                return Result(value: walker.diagnostics.containsErrors ? nil : value, diagnostics: walker.diagnostics)
            }
        }
    }

    /// The `encoding` pseudo-attribute of the XML declaration and its value's offset, if the
    /// file starts with a declaration that has one (XML 1.0 §4.3.3).
    static func declaredEncoding(in bytes: [UInt8]) -> (String, Int)? {
        guard bytes.starts(with: Array("<?xml".utf8)), let end = firstOffset(of: Array("?>".utf8), in: bytes),
              let name = firstOffset(of: Array("encoding".utf8), in: Array(bytes[..<end])) else { return nil }
        var index = name + 8
        while index < end, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "=")].contains(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        let start = index + 1
        guard let close = bytes[start..<end].firstIndex(of: quote) else { return nil }
        return (String(decoding: bytes[start..<close], as: UTF8.self), start)
    }

    private static func syntaxError(_ context: xmlParserCtxtPtr, lines: LineTable, bytes: [UInt8]) -> Diagnostic {
        guard let error = xmlCtxtGetLastError(context) else {
            return Diagnostic(.error, .plistSyntax, "expected well-formed XML, found a document libxml2 rejected",
                              at: SourceLocation(file: lines.file, line: 1, column: 1))
        }
        let message = error.pointee.message.map { String(cString: $0) }?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "malformed XML"
        let code = xmlParserErrors(UInt32(error.pointee.code))
        let rule: RuleID = (code == XML_ERR_UNDECLARED_ENTITY || code == XML_WAR_UNDECLARED_ENTITY
            || code == XML_ERR_ENTITY_LOOP) ? .plistEntity : .plistSyntax
        // libxml2 counts lines at LF only; through a byte offset, CR and CRLF files get the
        // lines an editor shows.
        let offset = offset(ofLFLine: max(Int(error.pointee.line), 1), column: max(Int(error.pointee.int2), 1), in: bytes)
        return Diagnostic(.error, rule, "expected well-formed XML, found: \(message)", at: lines.location(ofOffset: offset))
    }

    /// The byte offset of libxml2's 1-based line and column. libxml2 counts lines at LF, and
    /// columns in characters (one per UTF-8 sequence), after a byte-order mark it skips uncounted;
    /// every location here is in bytes of the file.
    static func offset(ofLFLine line: Int, column: Int, in bytes: [UInt8]) -> Int {
        let linefeed = UInt8(ascii: "\n")
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var remaining = line - 1
        while remaining > 0, let newline = bytes[index...].firstIndex(of: linefeed) {
            index = newline + 1
            remaining -= 1
        }
        var characters = column - 1
        // Never past the line's end, should libxml2's column run beyond it.
        while characters > 0, index < bytes.count, bytes[index] != linefeed {
            index += 1
            // A continuation byte (10xxxxxx) belongs to the character just passed.
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            characters -= 1
        }
        return index
    }

    static func firstOffset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        let first = needle[0]
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}

/// Converts libxml2's tree into `PlistValue`s, checking the plist structure as it goes.
private struct TreeWalker {
    let context: xmlParserCtxtPtr
    let lines: LineTable
    let bytes: [UInt8]
    var diagnostics: [Diagnostic] = []

    init(context: xmlParserCtxtPtr, lines: LineTable, bytes: [UInt8]) {
        self.context = context
        self.lines = lines
        self.bytes = bytes
    }

    private func location(of node: xmlNodePtr) -> SourceLocation {
        let end = oauthgen_recordedOffset(node)
        if end > 0 && end <= bytes.count {
            // '<' cannot occur inside a start tag, so the last one before its end is where it begins.
            var start = end - 1
            while start > 0 && bytes[start] != UInt8(ascii: "<") { start -= 1 }
            return lines.location(ofOffset: start)
        }
        // Only elements are recorded; anything else gets the start of its line.
        let line = Int(xmlGetLineNo(node))
        return SourceLocation(file: lines.file, line: max(line, 1), column: 1)
    }

    private mutating func fail(_ rule: RuleID, _ message: String, at node: xmlNodePtr) {
        diagnostics.append(Diagnostic(.error, rule, message, at: location(of: node)))
    }

    private static func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// The element children of `node`, refusing entity references on the way, and stray text
    /// unless the element holds text.
    private mutating func elementChildren(of node: xmlNodePtr, holdsText: Bool = false) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                result.append(current)
            case XML_ENTITY_REF_NODE:
                fail(.plistEntity, "expected no entity references in a property list, found &\(Self.name(of: current));", at: node)
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                let text = Self.content(of: current)
                if !holdsText && !text.allSatisfy(\.isWhitespace) {
                    fail(.plistStructure, "expected only elements inside <\(Self.name(of: node))>, found the text \"\(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40))\"", at: node)
                }
            default:
                break  // comments and processing instructions carry no data
            }
            child = current.pointee.next
        }
        return result
    }

    private static func content(of node: xmlNodePtr) -> String {
        guard let raw = xmlNodeGetContent(node) else { return "" }
        defer { oauthgen_xmlFree(raw) }
        return String(cString: raw)
    }

    mutating func readRoot(_ document: xmlDocPtr) -> PlistValue? {
        guard let root = xmlDocGetRootElement(document) else {
            diagnostics.append(Diagnostic(.error, .plistStructure, "expected a <plist> root element, found none",
                                          at: SourceLocation(file: lines.file, line: 1, column: 1)))
            return nil
        }
        guard Self.name(of: root) == "plist" else {
            fail(.plistStructure, "expected the root element <plist>, found <\(Self.name(of: root))>", at: root)
            return nil
        }
        let children = elementChildren(of: root)
        guard children.count == 1 else {
            fail(.plistStructure, "expected exactly one element inside <plist>, found \(children.count)", at: root)
            return nil
        }
        return readValue(children[0])
    }

    private mutating func readValue(_ node: xmlNodePtr) -> PlistValue? {
        let location = location(of: node)
        let name = Self.name(of: node)
        func leafText(_ walker: inout TreeWalker) -> String? {
            guard walker.elementChildren(of: node, holdsText: true).isEmpty else {
                walker.fail(.plistStructure, "expected only text inside <\(name)>, found nested elements", at: node)
                return nil
            }
            return Self.content(of: node)
        }
        switch name {
        case "dict":
            return readDictionary(node, location: location)
        case "array":
            var elements: [PlistValue] = []
            for child in elementChildren(of: node) {
                if let value = readValue(child) { elements.append(value) }
            }
            return PlistValue(kind: .array(elements), location: location)
        case "string":
            guard let text = leafText(&self) else { return nil }
            if let finding = InvisibleCharacters.finding(in: text, what: "a string", at: location) { diagnostics.append(finding) }
            return PlistValue(kind: .string(text), location: location)
        case "integer":
            guard let text = leafText(&self) else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard Int(trimmed) != nil else {
                fail(.plistStructure, "expected a decimal integer inside <integer>, found \"\(trimmed)\"", at: node)
                return nil
            }
            return PlistValue(kind: .integer(trimmed), location: location)
        case "real":
            guard let text = leafText(&self) else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard Double(trimmed) != nil else {
                fail(.plistStructure, "expected a number inside <real>, found \"\(trimmed)\"", at: node)
                return nil
            }
            return PlistValue(kind: .real(trimmed), location: location)
        case "true", "false":
            guard elementChildren(of: node).isEmpty, node.pointee.children == nil || Self.content(of: node).allSatisfy(\.isWhitespace) else {
                fail(.plistStructure, "expected <\(name)/> to be empty, found content", at: node)
                return nil
            }
            return PlistValue(kind: .bool(name == "true"), location: location)
        case "date":
            return leafText(&self).map { PlistValue(kind: .date($0), location: location) }
        case "data":
            return leafText(&self).map { PlistValue(kind: .data($0), location: location) }
        default:
            fail(.plistStructure, "expected a property-list element (dict, array, string, integer, real, true, false, date, data), found <\(name)>", at: node)
            return nil
        }
    }

    private mutating func readDictionary(_ node: xmlNodePtr, location: SourceLocation) -> PlistValue? {
        let children = elementChildren(of: node)
        var entries: [PlistEntry] = []
        var seen: [String: SourceLocation] = [:]
        var index = 0
        while index < children.count {
            let keyNode = children[index]
            guard Self.name(of: keyNode) == "key" else {
                fail(.plistStructure, "expected <key> inside <dict>, found <\(Self.name(of: keyNode))>", at: keyNode)
                return nil
            }
            guard elementChildren(of: keyNode, holdsText: true).isEmpty else {
                fail(.plistStructure, "expected only text inside <key>, found nested elements", at: keyNode)
                return nil
            }
            let key = Self.content(of: keyNode)
            let keyLocation = self.location(of: keyNode)
            if let finding = InvisibleCharacters.finding(in: key, what: "a key", at: keyLocation) { diagnostics.append(finding) }
            guard index + 1 < children.count else {
                fail(.plistStructure, "expected a value after <key>\(key)</key>, found the end of the <dict>", at: keyNode)
                return nil
            }
            let valueNode = children[index + 1]
            guard Self.name(of: valueNode) != "key" else {
                fail(.plistStructure, "expected a value after <key>\(key)</key>, found another <key>", at: valueNode)
                return nil
            }
            if let first = seen[key] {
                fail(.plistDuplicateKey, "expected each key once per <dict>, found \"\(key)\" again (first at line \(first.line), column \(first.column))", at: keyNode)
            } else if let value = readValue(valueNode) {
                seen[key] = keyLocation
                entries.append(PlistEntry(key: key, keyLocation: keyLocation, value: value))
            }
            index += 2
        }
        return PlistValue(kind: .dictionary(entries), location: location)
    }
}
