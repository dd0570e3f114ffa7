import Foundation
import Testing
@testable import OAuthGenCore
import OAuthGenTemplates

/// A `--templates` override is checked against the typed, versioned context before it renders:
/// Mustache alone would render a misspelt key as empty text.
@Suite struct TemplateContextTests {
    func directory(with template: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try template.write(to: directory.appendingPathComponent("ProviderClient.mustache"), atomically: true, encoding: .utf8)
        return directory.path
    }

    func loadError(_ template: String) throws -> TemplateError? {
        let path = try directory(with: template)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try TemplateSet.load(overridesIn: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func theEmbeddedTemplateUsesOnlyKeysTheContextHas() throws {
        let text = try #require(EmbeddedTemplates.all[TemplateSet.providerClientName])
        #expect(TemplateKeyCheck.firstProblem(in: text, file: "ProviderClient.mustache") == nil)
    }

    @Test func anUnknownKeyIsRefusedAtItsLineAndColumn() throws {
        let error = try #require(try loadError("""
            {{! oauthgen-template-context 2 }}
            enum {{typeName}} {
              {{#configuration}}let x = {{isuer}}{{/configuration}}
            }
            """))
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 29)
        #expect(error.message == "expected a key of the template context (version 2, see Templates/README.md), found 'isuer'")
        #expect(error.diagnostic.rule == .templateInvalid)
    }

    /// FuzzTemplate found the check counting LF alone, while the readers' `LineTable` also ends
    /// lines at CR and CRLF: a template saved with classic Mac line ends was refused on line 1.
    @Test(arguments: ["\r", "\r\n"])
    func anUnknownKeyIsLocatedWhateverTheLineEnds(lineEnd: String) throws {
        let lines = ["{{! oauthgen-template-context 2 }}", "enum {{typeName}} {", "  {{#configuration}}let x = {{isuer}}{{/configuration}}", "}"]
        let error = try #require(try loadError(lines.joined(separator: lineEnd)))
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 29)
        #expect(error.message == "expected a key of the template context (version 2, see Templates/README.md), found 'isuer'")
    }

    /// swift-mustache's own locations count characters up to a "\n" character, which CRLF is not.
    /// It stops inside the closing tag's name; in bytes that is column 27 (the "é" is two).
    @Test(arguments: ["\n", "\r", "\r\n"])
    func aMustacheSyntaxErrorIsLocatedWhateverTheLineEnds(lineEnd: String) throws {
        let lines = ["{{! oauthgen-template-context 2 }}", "enum {{typeName}} {", "  /* é */ {{#scopes}}x{{/typeName}}", "}"]
        let error = try #require(try loadError(lines.joined(separator: lineEnd)))
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 27)
        #expect(error.message.hasPrefix("expected a valid Mustache template, found "))
    }

    /// FuzzTemplate's second finding: Foundation's `replacingOccurrences` matches whole composed
    /// character sequences, so a CR or CRLF followed by a combining mark was not turned into "\n"
    /// and the error was located on the line before, past its end.
    @Test(arguments: ["\r", "\r\n"])
    func aMustacheSyntaxErrorOnALineStartingWithACombiningMarkKeepsItsLine(lineEnd: String) throws {
        let lines = ["{{! oauthgen-template-context 2 }}", "enum {{typeName}} {", "\u{0616}  /* é */ {{#scopes}}x{{/typeName}}", "}"]
        let error = try #require(try loadError(lines.joined(separator: lineEnd)))
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 27 + "\u{0616}".utf8.count)
    }

    /// swift-mustache numbers its lines by every `Character.isNewline` before the error, while its
    /// line text and column run from the last "\n": a form feed, NEL or line separator earlier in
    /// the file put the error on a line the file does not have.
    @Test(arguments: ["\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"])
    func aMustacheSyntaxErrorAfterAnotherNewlineCharacterKeepsItsLine(separator: String) throws {
        let lines = ["{{! oauthgen-template-context 2 }}", "// a\(separator)b\(separator)c", "enum {{typeName}} {", "  /* é */ {{#scopes}}x{{/typeName}}", "}"]
        let error = try #require(try loadError(lines.joined(separator: "\r\n")))
        #expect(error.location?.line == 4)
        #expect(error.location?.column == 27)
        // On the line with the separators themselves, the column counts them as the bytes they are.
        let sameLine = try #require(try loadError("{{! oauthgen-template-context 2 }}\n//\(separator)\(separator) {{#scopes}}x{{/typeName}}\n"))
        #expect(sameLine.location?.line == 2)
        #expect(sameLine.location?.column == "//".utf8.count + 2 * separator.utf8.count + " {{#scopes}}x{{/".utf8.count + 1)
    }

    /// Mustache prints an object or a list as Swift's description of it: the generated file would
    /// then fail to compile in the app, nowhere near the template's line.
    @Test(arguments: [
        ("{{configuration}}", 5, "found 'configuration', which is a section: open it with '{{#configuration}}'"),
        ("{{{scopes}}}", 5, "found 'scopes', which is a section: open it with '{{#scopes}}'"),
        ("{{#configuration}}{{.}}{{/configuration}}", 23, "found '.', which is an item with keys of its own"),
        ("{{.}}", 5, "found '.', which is an item with keys of its own"),
    ])
    func anObjectOrAListPrintedAsAValueIsRefused(tag: String, column: Int, found: String) throws {
        let error = try #require(try loadError("{{! oauthgen-template-context 2 }}\nlet x = \(tag)\n"))
        #expect(error.location?.line == 2)
        #expect(error.location?.column == column + 4)
        #expect(error.message == "expected a value (text, a number or a flag), \(found)")
    }

    @Test func valuesInsideSectionsPrint() throws {
        #expect(try loadError("{{! oauthgen-template-context 2 }}\n{{#isOpenIDConnect}}{{.}}{{/isOpenIDConnect}}{{#configuration}}{{issuer}}{{/configuration}}{{configuration.clientID}}\n") == nil)
    }

    @Test func keysResolveInsideTheirSectionsOnly() throws {
        // `label` exists inside `configuration.endpoints`, not at the top.
        #expect(try loadError("{{! oauthgen-template-context 2 }}{{#configuration}}{{#endpoints}}{{label}}{{/endpoints}}{{/configuration}}") == nil)
        #expect(try loadError("{{! oauthgen-template-context 2 }}{{#configuration.endpoints}}{{label}}: {{{value}}}{{/configuration.endpoints}}") == nil)
        let outside = try #require(try loadError("{{! oauthgen-template-context 2 }}{{label}}"))
        #expect(outside.message.hasSuffix("found 'label'"))
        // An outer key is visible inside a section, as Mustache looks it up.
        #expect(try loadError("{{! oauthgen-template-context 2 }}{{#scopes}}{{access}} {{identifier}}{{/scopes}}") == nil)
    }

    @Test func aTemplateMustDeclareTheContextVersionItWasWrittenFor() throws {
        let missing = try #require(try loadError("enum {{typeName}} {}"))
        #expect(missing.message == "expected the template to declare the context version it was written for, '{{! oauthgen-template-context 2 }}', found no declaration")
        let old = try #require(try loadError("{{! oauthgen-template-context 1 }}enum {{typeName}} {}"))
        #expect(old.message.hasSuffix("found version 1"))
    }

    @Test func partialsAndDelimiterChangesAreRefused() throws {
        let partial = try #require(try loadError("{{! oauthgen-template-context 2 }}{{> header}}"))
        #expect(partial.message.hasPrefix("expected variables and sections only"))
    }

    @Test func theExemplarHasAnElementInEveryList() {
        func check(_ value: Any, path: String) {
            for child in Mirror(reflecting: value).children {
                let mirror = Mirror(reflecting: child.value)
                if mirror.displayStyle == .collection {
                    #expect(mirror.children.count == 1, "\(path).\(child.label ?? "?")")
                    mirror.children.first.map { check($0.value, path: "\(path).\(child.label ?? "?")") }
                } else if mirror.displayStyle == .struct {
                    check(child.value, path: "\(path).\(child.label ?? "?")")
                }
            }
        }
        check(TemplateContext.exemplar, path: "context")
    }

    /// What swift-mustache renders from has exactly the typed context's keys, at every level.
    @Test func theRenderedDictionariesHaveExactlyTheContextsKeys() {
        func keys(ofStruct value: Any) -> [String: Any] {
            var result: [String: Any] = [:]
            for child in Mirror(reflecting: value).children {
                guard let label = child.label else { continue }
                let mirror = Mirror(reflecting: child.value)
                if mirror.displayStyle == .struct {
                    result[label] = keys(ofStruct: child.value)
                } else if mirror.displayStyle == .collection, let first = mirror.children.first {
                    result[label] = [keys(ofStruct: first.value)]
                } else {
                    result[label] = ""
                }
            }
            return result
        }
        func keys(ofDictionary value: [String: Any]) -> [String: Any] {
            value.mapValues { child -> Any in
                if let nested = child as? [String: Any] { return keys(ofDictionary: nested) }
                if let list = child as? [[String: Any]], let first = list.first { return [keys(ofDictionary: first)] }
                return ""
            }
        }
        let typed = keys(ofStruct: TemplateContext.exemplar)
        let rendered = keys(ofDictionary: TemplateContext.exemplar.dictionary)
        #expect(NSDictionary(dictionary: typed).isEqual(to: rendered), "\(typed)\n\(rendered)")
    }
}
