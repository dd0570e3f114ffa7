import Foundation
import Testing
@testable import OAuthGenCore
import OAuthGenTemplates

/// A `--templates` override is checked against the typed, versioned context before it renders:
/// Mustache alone would render a misspelt key as empty text.
@Suite struct TemplateContextTests {
    func directory(with template: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try template.write(
            to: directory.appendingPathComponent("ProviderClient.mustache"), atomically: true, encoding: .utf8)
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
        let error = try #require(
            try loadError(
                """
                {{! oauthgen-template-context 3 }}
                enum {{typeName}} {
                  {{#endpoints}}let xyz = {{isuer}}{{/endpoints}}
                }
                """))
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 27)
        #expect(
            error.message
                == "expected a key of the template context (version 3, see Templates/README.md), found 'isuer'")
        #expect(error.diagnostic.rule == .templateInvalid)
    }

    /// FuzzTemplate found the check counting LF alone, while the readers' `LineTable` also ends
    /// lines at CR and CRLF: a template saved with classic Mac line ends was refused on line 1.
    @Test(arguments: ["\r", "\r\n"])
    func anUnknownKeyIsLocatedWhateverTheLineEnds(lineEnd: String) throws {
        let lines = [
            "{{! oauthgen-template-context 3 }}", "enum {{typeName}} {",
            "  {{#endpoints}}let xyz = {{isuer}}{{/endpoints}}", "}",
        ]
        let error = try #require(try loadError(lines.joined(separator: lineEnd)))
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 27)
        #expect(
            error.message
                == "expected a key of the template context (version 3, see Templates/README.md), found 'isuer'")
    }

    /// swift-mustache's own locations count characters up to a "\n" character, which CRLF is not.
    /// It stops inside the closing tag's name; in bytes that is column 27 (the "é" is two).
    @Test(arguments: ["\n", "\r", "\r\n"])
    func aMustacheSyntaxErrorIsLocatedWhateverTheLineEnds(lineEnd: String) throws {
        let lines = [
            "{{! oauthgen-template-context 3 }}", "enum {{typeName}} {", "  /* é */ {{#scopes}}x{{/typeName}}", "}",
        ]
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
        let lines = [
            "{{! oauthgen-template-context 3 }}", "enum {{typeName}} {", "\u{0616}  /* é */ {{#scopes}}x{{/typeName}}",
            "}",
        ]
        let error = try #require(try loadError(lines.joined(separator: lineEnd)))
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 27 + "\u{0616}".utf8.count)
    }

    /// swift-mustache numbers its lines by every `Character.isNewline` before the error, while its
    /// line text and column run from the last "\n": a form feed, NEL or line separator earlier in
    /// the file put the error on a line the file does not have.
    @Test(arguments: ["\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"])
    func aMustacheSyntaxErrorAfterAnotherNewlineCharacterKeepsItsLine(separator: String) throws {
        let lines = [
            "{{! oauthgen-template-context 3 }}", "// a\(separator)b\(separator)c", "enum {{typeName}} {",
            "  /* é */ {{#scopes}}x{{/typeName}}", "}",
        ]
        let error = try #require(try loadError(lines.joined(separator: "\r\n")))
        #expect(error.location?.line == 4)
        #expect(error.location?.column == 27)
        // On the line with the separators themselves, the column counts them as the bytes they are.
        let sameLine = try #require(
            try loadError("{{! oauthgen-template-context 3 }}\n//\(separator)\(separator) {{#scopes}}x{{/typeName}}\n"))
        #expect(sameLine.location?.line == 2)
        #expect(
            sameLine.location?.column == "//".utf8.count + 2 * separator.utf8.count + " {{#scopes}}x{{/".utf8.count + 1)
    }

    /// Mustache prints an object or a list as Swift's description of it: the generated file would
    /// then fail to compile in the app, nowhere near the template's line.
    @Test(arguments: [
        ("{{endpoints}}", 5, "found 'endpoints', which is a section: open it with '{{#endpoints}}'"),
        ("{{{scopes}}}", 5, "found 'scopes', which is a section: open it with '{{#scopes}}'"),
        ("{{#endpoints}}{{.}}{{/endpoints}}", 19, "found '.', which is an item with keys of its own"),
        ("{{.}}", 5, "found '.', which is an item with keys of its own"),
        // A flag's section renders where it stands: `.` there is the provider.
        ("{{#isOpenIDConnect}}{{.}}{{/isOpenIDConnect}}", 25, "found '.', which is an item with keys of its own"),
    ])
    func anObjectOrAListPrintedAsAValueIsRefused(tag: String, column: Int, found: String) throws {
        let error = try #require(try loadError("{{! oauthgen-template-context 3 }}\nlet x = \(tag)\n"))
        #expect(error.location?.line == 2)
        #expect(error.location?.column == column + 4)
        #expect(error.message == "expected a value (text, a number or a flag), \(found)")
    }

    @Test func valuesInsideSectionsPrint() throws {
        #expect(
            try loadError(
                "{{! oauthgen-template-context 3 }}\n{{#isOpenIDConnect}}{{typeName}}{{/isOpenIDConnect}}{{#issuer}}{{{.}}}{{/issuer}}{{#defaultScopes}}{{.}}{{/defaultScopes}}\n"
            ) == nil)
    }

    @Test func keysResolveInsideTheirSectionsOnly() throws {
        // `label` exists inside `endpoints`, not at the top.
        #expect(
            try loadError("{{! oauthgen-template-context 3 }}{{#endpoints}}{{label}}: {{{url}}}{{/endpoints}}") == nil)
        let outside = try #require(try loadError("{{! oauthgen-template-context 3 }}{{label}}"))
        #expect(outside.message.hasSuffix("found 'label'"))
        // An outer key is visible inside a section, as Mustache looks it up.
        #expect(
            try loadError("{{! oauthgen-template-context 3 }}{{#scopes}}{{access}} {{identifier}}{{/scopes}}") == nil)
        // A nested list's items have the keys of their own type.
        #expect(
            try loadError(
                "{{! oauthgen-template-context 3 }}{{#quirkArguments}}{{#arguments}}{{label}}{{caseName}}{{/arguments}}{{#parameters}}{{{name}}}{{/parameters}}{{/quirkArguments}}"
            ) == nil)
    }

    /// swift-mustache's `first()`, `last()` and `index()` describe the item of the list whose
    /// section they are directly in; any other section (`{{#issuer}}`) resets them to nothing.
    @Test func itemTransformsWorkOnlyDirectlyInAListsSection() throws {
        #expect(
            try loadError(
                "{{! oauthgen-template-context 3 }}{{#scopes}}{{identifier}}{{^last()}}, {{/last()}}{{#isOpenIDConnect}}{{index()}}{{/isOpenIDConnect}}{{/scopes}}"
            ) == nil)
        let outside = try #require(try loadError("{{! oauthgen-template-context 3 }}\n{{^last()}},{{/last()}}"))
        #expect(outside.location?.line == 2)
        #expect(
            outside.message
                == "expected 'last()' directly inside a list's section, where it describes the item, found it outside")
        let reset = try #require(
            try loadError(
                "{{! oauthgen-template-context 3 }}{{#scopes}}{{#identifier}}{{first()}}{{/identifier}}{{/scopes}}"))
        #expect(reset.message.hasPrefix("expected 'first()' directly inside a list's section"))
    }

    @Test func listTransformsTakeAList() throws {
        #expect(
            try loadError("{{! oauthgen-template-context 3 }}{{^empty(prompts)}}{{count(prompts)}}{{/empty(prompts)}}")
                == nil)
        let notAList = try #require(
            try loadError("{{! oauthgen-template-context 3 }}{{#empty(typeName)}}{{/empty(typeName)}}"))
        #expect(notAList.message == "expected a list in 'empty(typeName)', found 'typeName', which is not a list")
        let unknown = try #require(try loadError("{{! oauthgen-template-context 3 }}{{uppercased(typeName)}}"))
        #expect(
            unknown.message
                == "expected one of the transforms first(), last(), index(), empty(list) or count(list), found 'uppercased(typeName)'"
        )
    }

    @Test func aTemplateMustDeclareTheContextVersionItWasWrittenFor() throws {
        let missing = try #require(try loadError("enum {{typeName}} {}"))
        #expect(
            missing.message
                == "expected the template to declare the context version it was written for, '{{! oauthgen-template-context 3 }}', found no declaration"
        )
        let old = try #require(try loadError("{{! oauthgen-template-context 2 }}enum {{typeName}} {}"))
        #expect(old.message.hasSuffix("found version 2"))
    }

    @Test func partialsAndDelimiterChangesAreRefused() throws {
        let partial = try #require(try loadError("{{! oauthgen-template-context 3 }}{{> header}}"))
        #expect(partial.message.hasPrefix("expected variables and sections only"))
    }

    /// `Templates/README.md` documents every key of every type a template reads.
    @Test func theReadmeDocumentsEveryKey() throws {
        let readme = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Templates/README.md"), encoding: .utf8)
        let types: [any TemplateObject.Type] = [
            ProviderModel.self, ProviderModel.IssuerPlaceholder.self, ProviderModel.Endpoint.self,
            ProviderModel.Constant.self, ProviderModel.RedirectCase.self, ProviderModel.Claim.self,
            ProviderModel.Pair.self, ConfigurationArgument.self,
        ]
        for type in types {
            for key in type.templateShapes.keys {
                #expect(readme.contains("`\(key)`"), "\(type).\(key) is not in Templates/README.md")
            }
        }
    }
}
