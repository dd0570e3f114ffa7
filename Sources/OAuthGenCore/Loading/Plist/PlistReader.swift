import CLibXML2
import Foundation

/// Reads XML property lists through libxml2 with every value located, and refuses anything that
/// could make the parser reach outside the file or blow up in memory.
///
/// Safety, in order: the bytes must be UTF-8; any `<!ENTITY` declaration is refused before libxml2
/// sees the file; libxml2 runs with `XML_PARSE_NONET` and without `XML_PARSE_NOENT`, `DTDLOAD`,
/// `XINCLUDE` or `HUGE`, so no entity is ever substituted and no DTD is fetched; any entity reference
/// that survives into the tree is refused too.
package enum PlistReader {
    /// The outcome of a read: the root value if the file is a well-formed plist, and findings either way.
    package struct Result: Sendable {
        package var value: PlistValue?
        package var diagnostics: [Diagnostic]
    }

    static let parserOptions: Int32 = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue
            // The bytes were checked as UTF-8 and are read as UTF-8: an encoding declaration must
            // not make libxml2 decode them as something else (it is refused below, at its place).
            | XML_PARSE_IGNORE_ENC.rawValue)

    private static let libraryInitialized: Void = xmlInitParser()

    package static func read(_ bytes: [UInt8], file: String) -> Result {
        let lines = LineTable(file: file, bytes: bytes)
        if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
            return Result(
                value: nil,
                diagnostics: [
                    Diagnostic(
                        .error, .inputInvalidUTF8,
                        "expected UTF-8 text, found the byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) that is not valid UTF-8",
                        at: lines.location(ofOffset: bad))
                ])
        }
        if let offset = firstOffset(of: Array("<!ENTITY".utf8), in: bytes) {
            return Result(
                value: nil,
                diagnostics: [
                    Diagnostic(
                        .error, .plistEntity,
                        "expected no entity declarations in a property list, found <!ENTITY (entities can read local files or expand without bound)",
                        at: lines.location(ofOffset: offset))
                ])
        }
        // XML has no NUL character, and only NULs let libxml2 guess UTF-16 or UCS-4 from the
        // first bytes and decode the rest as that (XML 1.0 Appendix F).
        if let nul = bytes.firstIndex(of: 0) {
            return Result(
                value: nil,
                diagnostics: [
                    Diagnostic(
                        .error, .plistSyntax, "expected XML text, found a NUL byte (XML 1.0 §2.2)",
                        at: lines.location(ofOffset: nul))
                ])
        }
        if let (encoding, offset) = declaredEncoding(in: bytes), !["UTF-8", "UTF8"].contains(encoding.uppercased()) {
            return Result(
                value: nil,
                diagnostics: [
                    Diagnostic(
                        .error, .plistSyntax, "expected the encoding declaration to say UTF-8, found \"\(encoding)\"",
                        at: lines.location(ofOffset: offset))
                ])
        }
        guard !bytes.isEmpty else {
            return Result(
                value: nil,
                diagnostics: [
                    Diagnostic(
                        .error, .plistSyntax, "expected an XML property list, found an empty file",
                        at: SourceLocation(file: file, line: 1, column: 1))
                ])
        }
        _ = libraryInitialized
        // Per thread: this read may run on any.
        oauthgen_silenceGenericErrors()
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars -> Result in
                guard let context = xmlCreateMemoryParserCtxt(chars.baseAddress, Int32(chars.count)) else {
                    return Result(
                        value: nil,
                        diagnostics: [
                            Diagnostic(
                                .error, .plistSyntax, "expected libxml2 to start a parser, found it out of memory",
                                at: SourceLocation(file: file, line: 1, column: 1))
                        ])
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
            let name = firstOffset(of: Array("encoding".utf8), in: Array(bytes[..<end]))
        else { return nil }
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
            return Diagnostic(
                .error, .plistSyntax, "expected well-formed XML, found a document libxml2 rejected",
                at: SourceLocation(file: lines.file, line: 1, column: 1))
        }
        let message =
            error.pointee.message.map { String(cString: $0) }?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "malformed XML"
        let code = xmlParserErrors(UInt32(error.pointee.code))
        let rule: RuleID =
            (code == XML_ERR_UNDECLARED_ENTITY || code == XML_WAR_UNDECLARED_ENTITY
                || code == XML_ERR_ENTITY_LOOP) ? .plistEntity : .plistSyntax
        // libxml2 counts lines at LF only; through a byte offset, CR and CRLF files get the
        // lines an editor shows.
        let offset = offset(
            ofLFLine: max(Int(error.pointee.line), 1), column: max(Int(error.pointee.int2), 1), in: bytes)
        return Diagnostic(
            .error, rule, "expected well-formed XML, found: \(message)", at: lines.location(ofOffset: offset))
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
