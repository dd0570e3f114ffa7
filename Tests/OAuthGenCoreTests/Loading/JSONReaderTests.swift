import Testing
@testable import OAuthGenCore

@Suite struct JSONReaderTests {
    func read(_ text: String) -> JSONReader.Result {
        JSONReader.read(Array(text.utf8), file: "t.json")
    }

    func firstError(_ text: String) -> Diagnostic? {
        read(text).diagnostics.first { $0.severity == .error }
    }

    @Test func recordsLineAndColumnOfEveryValueAndName() throws {
        let result = read("{\n  \"a\": [1, true],\n\t\"b\" : {\"c\": null}\n}")
        let members = try #require(result.value?.members)
        #expect(result.diagnostics.isEmpty)
        #expect(members[0].nameLocation == SourceLocation(file: "t.json", line: 2, column: 3))
        #expect(members[0].value.location == SourceLocation(file: "t.json", line: 2, column: 8))
        #expect(members[0].value.arrayValue?[1].location == SourceLocation(file: "t.json", line: 2, column: 12))
        #expect(members[1].nameLocation == SourceLocation(file: "t.json", line: 3, column: 2))
        #expect(members[1].value.members?[0].value.kind == .null)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try #require(read(#"["a\"b\\c\/d\n\u00e9\ud83d\ude00", "héllo"]"#).value?.arrayValue)
        #expect(value[0].stringValue == "a\"b\\c/d\né😀")
        #expect(value[1].stringValue == "héllo")
    }

    @Test func keepsNumbersAsWritten() throws {
        let value = try #require(read("[0, -1.5e10, 3.25E-2]").value?.arrayValue)
        #expect(value.map(\.kind) == [.number("0"), .number("-1.5e10"), .number("3.25E-2")])
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a member name"),
        ("[1, 2,]", 1, 7, "expected a JSON value"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("[01]", 1, 3, "leading zeros"),
        ("[1.]", 1, 4, "after the decimal point"),
        ("['a']", 1, 2, "expected a JSON value"),
        ("{\"a\": tru}", 1, 7, "literal 'true'"),
        ("[\"a\tb\"]", 1, 4, "control characters"),
        ("[\"\\x\"]", 1, 3, "expected one of"),
        ("[\"\\ud800\"]", 1, 3, "low surrogate"),
        ("[\"abc", 1, 2, "closing '\"'"),
        ("{} {}", 1, 4, "end of the document"),
        ("// comment\n{}", 1, 1, "expected a JSON value"),
        ("", 1, 1, "expected a JSON value"),
    ])
    func rejectsWhatRFC8259Forbids(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(firstError(text))
        #expect(error.rule == .jsonSyntax)
        #expect(error.location == SourceLocation(file: "t.json", line: line, column: column))
        #expect(error.message.contains(message), "\(error.message)")
        #expect(read(text).value == nil)
    }

    @Test func reportsDuplicateMembersAtTheSecondName() throws {
        let result = read("{\n\"issuer\": \"a\",\n\"issuer\": \"b\"\n}")
        let error = try #require(result.diagnostics.first)
        #expect(error.rule == .jsonDuplicateMember)
        #expect(error.location == SourceLocation(file: "t.json", line: 3, column: 1))
        #expect(error.message.contains("first at line 2, column 1"))
        #expect(result.value?.members?.first?.value.stringValue == "a")
    }

    @Test func refusesDeepNestingWithoutExhaustingTheStack() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(firstError(text))
        #expect(error.message.contains("levels of nesting"))
        #expect(error.location?.column == InputLimits.maximumJSONDepth + 1)
    }

    @Test func pointsAtTheFirstInvalidUTF8Byte() throws {
        let result = JSONReader.read(Array("{\n\"a\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8), file: "t.json")
        let error = try #require(result.diagnostics.first)
        #expect(error.rule == .inputInvalidUTF8)
        #expect(error.location == SourceLocation(file: "t.json", line: 2, column: 7))
    }

    @Test func ignoresAByteOrderMark() {
        #expect(JSONReader.read([0xEF, 0xBB, 0xBF] + Array("{}".utf8), file: "t.json").value?.members == [])
    }

    @Test(arguments: Fixtures.discoveryDocuments)
    func readsEveryRealDiscoveryDocument(name: String) throws {
        let result = JSONReader.read(try Fixtures.bytes("discovery/\(name)"), file: name)
        #expect(result.diagnostics.isEmpty)
        #expect(result.value?.members?.contains { $0.name == "issuer" } == true)
    }
}
