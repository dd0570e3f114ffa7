import Foundation
import Testing
@testable import OAuthGenCore

@Suite struct RuleIDTests {
    /// Each rule has a heading of its own in the Rules article, which a finding's ID leads to.
    @Test func everyRuleHasItsHeadingInTheRulesArticle() throws {
        let article = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Documentation/oauthgen.docc/Rules.md"),
            encoding: .utf8)
        let headings = article.split(separator: "\n").filter { $0.hasPrefix("### ") }
        for rule in RuleID.allCases {
            #expect(
                headings.contains { $0.contains("`\(rule.rawValue)`") }, "Rules.md has no heading for \(rule.rawValue)")
        }
    }

    @Test func diagnosticsPrintLikeACompiler() {
        let diagnostic = Diagnostic(
            .warning, .redirectLocalhost, "message", at: SourceLocation(file: "a.plist", line: 3, column: 7))
        #expect(diagnostic.description == "a.plist:3:7: warning: message [redirect-localhost] (RFC 8252 §8.3)")
        #expect(Diagnostic(.error, .quirkUnknownKey, "m", at: nil).description == "error: m [quirk-unknown-key]")
    }

    @Test func lineTableMapsOffsets() {
        let table = LineTable(file: "f", bytes: Array("ab\ncd\n\nx".utf8))
        #expect(table.location(ofOffset: 0) == SourceLocation(file: "f", line: 1, column: 1))
        #expect(table.location(ofOffset: 4) == SourceLocation(file: "f", line: 2, column: 2))
        #expect(table.location(ofOffset: 7) == SourceLocation(file: "f", line: 4, column: 1))
    }

    /// libxml2 reads CRLF as one LF and may point at it: the LF of a CRLF is the end of the line
    /// it ends, not a column past it (FuzzPlistReader, once it checked locations inside lines).
    @Test func lineTableMapsAnOffsetInsideALineBreakToTheEndOfItsLine() {
        let table = LineTable(file: "f", bytes: Array("ab\r\ncd\r\r\nx\r\n".utf8))
        #expect(table.location(ofOffset: 2) == SourceLocation(file: "f", line: 1, column: 3))
        #expect(table.location(ofOffset: 3) == SourceLocation(file: "f", line: 1, column: 3))
        #expect(table.location(ofOffset: 4) == SourceLocation(file: "f", line: 2, column: 1))
        #expect(table.location(ofOffset: 6) == SourceLocation(file: "f", line: 2, column: 3))
        #expect(table.location(ofOffset: 8) == SourceLocation(file: "f", line: 3, column: 1))
        #expect(table.location(ofOffset: 9) == SourceLocation(file: "f", line: 4, column: 1))
        #expect(table.location(ofOffset: 11) == SourceLocation(file: "f", line: 4, column: 2))
        #expect(table.location(ofOffset: 12) == SourceLocation(file: "f", line: 5, column: 1))
    }
}
