import Testing
@testable import OAuthGenCore

@Suite struct PlistReaderTests {
    func read(_ text: String) -> PlistReader.Result {
        PlistReader.read(Array(text.utf8), file: "t.plist")
    }

    @Test func locatesEveryElementByLineAndByteColumn() throws {
        let result = read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>a</key><string>x</string>
              <key>b</key>
              <array><true/><integer>7</integer></array>
            </dict>
            </plist>
            """)
        #expect(result.diagnostics.isEmpty)
        let entries = try #require(result.value?.entries)
        #expect(result.value?.location == SourceLocation(file: "t.plist", line: 3, column: 1))
        #expect(entries[0].keyLocation == SourceLocation(file: "t.plist", line: 4, column: 2))
        #expect(entries[0].value.location == SourceLocation(file: "t.plist", line: 4, column: 14))
        #expect(entries[1].keyLocation == SourceLocation(file: "t.plist", line: 5, column: 3))
        let array = try #require(entries[1].value.arrayValue)
        #expect(array[0].kind == .bool(true))
        #expect(array[1].location == SourceLocation(file: "t.plist", line: 6, column: 17))
        #expect(array[1].kind == .integer("7"))
    }

    @Test func decodesPredefinedAndCharacterReferencesAndCDATA() throws {
        let result = read("<plist><dict><key>k</key><string>a &amp; b &#x41; <![CDATA[<c>]]></string></dict></plist>")
        #expect(result.value?.entries?.first?.value.stringValue == "a & b A <c>")
    }

    @Test(arguments: Fixtures.propertyLists)
    func readsEveryRealPropertyList(name: String) throws {
        let result = PlistReader.read(try Fixtures.bytes("plist/\(name)"), file: name)
        #expect(result.diagnostics.isEmpty)
        #expect(result.value?.entries?.isEmpty == false)
    }

    @Test func refusesExternalEntitiesBeforeParsing() throws {
        let result = PlistReader.read(try Fixtures.bytes("hostile/xxe.quirks.plist"), file: "xxe.plist")
        #expect(result.value == nil)
        let error = try #require(result.diagnostics.first)
        #expect(error.rule == .plistEntity)
        #expect(error.location == SourceLocation(file: "xxe.plist", line: 3, column: 3))
    }

    @Test func refusesBillionLaughs() throws {
        let result = PlistReader.read(try Fixtures.bytes("hostile/billion-laughs.quirks.plist"), file: "bl.plist")
        #expect(result.value == nil)
        #expect(result.diagnostics.first?.rule == .plistEntity)
        #expect(result.diagnostics.first?.location?.line == 3)
    }

    @Test func refusesUndeclaredEntityReferencesEvenWithTheAppleDoctype() throws {
        let result = PlistReader.read(try Fixtures.bytes("hostile/undeclared-entity.quirks.plist"), file: "u.plist")
        #expect(result.value == nil)
        let error = try #require(result.diagnostics.first)
        #expect(error.rule == .plistEntity)
        #expect(error.message.contains("&secret;"))
        #expect(error.location?.line == 6)
    }

    @Test func reportsTruncatedXMLWhereTheParserStopped() throws {
        let result = PlistReader.read(try Fixtures.bytes("hostile/truncated.quirks.plist"), file: "t.plist")
        #expect(result.value == nil)
        let error = try #require(result.diagnostics.first)
        #expect(error.rule == .plistSyntax)
        #expect(error.location?.line == 8)
        #expect(error.message.hasPrefix("expected well-formed XML, found:"))
    }

    /// libxml2 counts a syntax error's column in characters; every location here is in bytes.
    @Test(arguments: ["aaaaaa", "ééé", "日日", "\u{1F511}\u{301}"])
    func locatesASyntaxErrorAfterNonASCIITextAtItsByteColumn(text: String) throws {
        let error = try #require(
            read(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict><key>k</key><string>\(text)</strin></dict></plist>
                """
            ).diagnostics.first)
        #expect(error.rule == .plistSyntax)
        #expect(error.location == SourceLocation(file: "t.plist", line: 3, column: 41))
    }

    /// FuzzPlistReader's input: libxml2 put the error on the LF of a CRLF.
    @Test func locatesASyntaxErrorAtALineBreakAtTheEndOfItsLine() throws {
        let error = try #require(read("<?xml v\r\n>\t").diagnostics.first)
        #expect(error.rule == .plistSyntax)
        #expect(error.location == SourceLocation(file: "t.plist", line: 1, column: 8))
    }

    /// libxml2 skips a UTF-8 byte-order mark without counting it; the file's bytes include it.
    @Test func locatesASyntaxErrorOnTheFirstLineAfterAByteOrderMark() throws {
        let error = try #require(read("\u{FEFF}<plist version=\"1.0\"></plis>").diagnostics.first)
        #expect(error.location == SourceLocation(file: "t.plist", line: 1, column: 3 + 28 + 1))
    }

    @Test func reportsInvalidUTF8AtTheByte() throws {
        let result = PlistReader.read(try Fixtures.bytes("hostile/invalid-utf8.quirks.plist"), file: "bad.plist")
        let error = try #require(result.diagnostics.first)
        #expect(error.rule == .inputInvalidUTF8)
        #expect(error.location == SourceLocation(file: "bad.plist", line: 5, column: 13))
        #expect(error.message.contains("0xE9"))
    }

    @Test(arguments: [
        ("<array/>", "expected the root element <plist>, found <array>"),
        ("<plist><dict/><dict/></plist>", "expected exactly one element inside <plist>, found 2"),
        ("<plist><dict><string>x</string></dict></plist>", "expected <key> inside <dict>, found <string>"),
        (
            "<plist><dict><key>a</key></dict></plist>",
            "expected a value after <key>a</key>, found the end of the <dict>"
        ),
        ("<plist><dict><key>a</key><key>b</key></dict></plist>", "found another <key>"),
        (
            "<plist><dict><key>a</key><integer>1.5</integer></dict></plist>",
            "expected a decimal integer inside <integer>, found \"1.5\""
        ),
        ("<plist><dict><key>a</key><blob/></dict></plist>", "found <blob>"),
        ("<plist><dict>text<key>a</key><true/></dict></plist>", "found the text \"text\""),
        ("<plist><dict><key>a</key><string><b/></string></dict></plist>", "found nested elements"),
    ])
    func refusesWhatIsNotAPropertyList(text: String, message: String) throws {
        let result = read(text)
        #expect(result.value == nil)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.rule == .plistStructure)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func reportsDuplicateKeysAtTheSecondKey() throws {
        let result = read("<plist><dict>\n<key>a</key><true/>\n<key>a</key><false/>\n</dict></plist>")
        let error = try #require(result.diagnostics.first)
        #expect(error.rule == .plistDuplicateKey)
        #expect(error.location == SourceLocation(file: "t.plist", line: 3, column: 1))
        #expect(error.message.contains("first at line 2, column 1"))
    }

    @Test func refusesOtherEncodings() throws {
        let result = read("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><dict/></plist>")
        #expect(result.value == nil)
        #expect(result.diagnostics.first?.message.contains("ISO-8859-1") == true)
    }

    @Test func refusesAnEmptyFile() {
        #expect(read("").diagnostics.first?.rule == .plistSyntax)
    }

    @Test func countsLinesPast65535() throws {
        let padding = String(repeating: "\n", count: 70_000)
        let result = read("<plist><dict>\(padding)<key>a</key><true/></dict></plist>")
        #expect(result.value?.entries?.first?.keyLocation.line == 70_001)
    }
}
