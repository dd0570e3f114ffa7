import CLibXML2
import Foundation

/// Converts libxml2's tree into `PlistValue`s, checking the plist structure as it goes.
struct TreeWalker {
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
                fail(
                    .plistEntity, "expected no entity references in a property list, found &\(Self.name(of: current));",
                    at: node)
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                let text = Self.content(of: current)
                if !holdsText && !text.allSatisfy(\.isWhitespace) {
                    fail(
                        .plistStructure,
                        "expected only elements inside <\(Self.name(of: node))>, found the text \"\(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40))\"",
                        at: node)
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
            diagnostics.append(
                Diagnostic(
                    .error, .plistStructure, "expected a <plist> root element, found none",
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
            if let finding = InvisibleCharacters.finding(in: text, what: "a string", at: location) {
                diagnostics.append(finding)
            }
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
            guard elementChildren(of: node).isEmpty,
                node.pointee.children == nil || Self.content(of: node).allSatisfy(\.isWhitespace)
            else {
                fail(.plistStructure, "expected <\(name)/> to be empty, found content", at: node)
                return nil
            }
            return PlistValue(kind: .bool(name == "true"), location: location)
        case "date":
            return leafText(&self).map { PlistValue(kind: .date($0), location: location) }
        case "data":
            return leafText(&self).map { PlistValue(kind: .data($0), location: location) }
        default:
            fail(
                .plistStructure,
                "expected a property-list element (dict, array, string, integer, real, true, false, date, data), found <\(name)>",
                at: node)
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
            if let finding = InvisibleCharacters.finding(in: key, what: "a key", at: keyLocation) {
                diagnostics.append(finding)
            }
            guard index + 1 < children.count else {
                fail(
                    .plistStructure, "expected a value after <key>\(key)</key>, found the end of the <dict>",
                    at: keyNode)
                return nil
            }
            let valueNode = children[index + 1]
            guard Self.name(of: valueNode) != "key" else {
                fail(.plistStructure, "expected a value after <key>\(key)</key>, found another <key>", at: valueNode)
                return nil
            }
            if let first = seen[key] {
                fail(
                    .plistDuplicateKey,
                    "expected each key once per <dict>, found \"\(key)\" again (first at line \(first.line), column \(first.column))",
                    at: keyNode)
            } else if let value = readValue(valueNode) {
                seen[key] = keyLocation
                entries.append(PlistEntry(key: key, keyLocation: keyLocation, value: value))
            }
            index += 2
        }
        return PlistValue(kind: .dictionary(entries), location: location)
    }
}
