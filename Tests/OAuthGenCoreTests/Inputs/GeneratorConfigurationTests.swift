import Foundation
import Testing
@testable import OAuthGenCore

@Suite struct GeneratorConfigurationTests {
    func load(_ json: String) -> (GeneratorConfiguration?, [Diagnostic]) {
        GeneratorConfiguration.load(Array(json.utf8), file: "oauthgen.json")
    }

    @Test func readsEveryKey() throws {
        let (configuration, diagnostics) = load(
            #"{"accessLevel": "internal", "platforms": ["iOS", "windows"], "providers": ["google"]}"#)
        #expect(diagnostics.isEmpty)
        #expect(configuration?.accessLevel?.value == .internal)
        #expect(configuration?.platformSet == [.iOS, .windows])
        #expect(configuration?.providers?.map(\.value) == ["google"])
    }

    @Test func isStrictWithLocations() {
        let (_, diagnostics) = load(
            "{\n  \"acessLevel\": \"internal\",\n  \"platforms\": [\"iOS\", \"Andriod\", 3],\n  \"accessLevel\": \"private\"\n}"
        )
        #expect(
            diagnostics.map(\.message) == [
                "expected one of the keys \"accessLevel\", \"platforms\", \"providers\", \"infoPlist\", \"entitlements\", \"keychainAccessGroups\", \"appGroups\" in oauthgen.json, found unknown key \"acessLevel\"; did you mean \"accessLevel\"?",
                "expected every element of \"platforms\" to be a string, found a number",
                "expected a platform among iOS, macOS, tvOS, watchOS, visionOS, Linux, Windows, Android, found \"Andriod\"; did you mean \"Android\"?",
                "expected \"accessLevel\" to be \"public\" or \"internal\", found \"private\"",
            ])
        #expect(
            diagnostics.map { $0.location.map { "\($0.line):\($0.column)" } ?? "" } == ["2:3", "3:35", "3:24", "4:18"])
    }

    @Test func providersMustExistAndSelectTheOutput() throws {
        var configuration = GeneratorConfiguration()
        configuration.providers = [
            Located("google", at: SourceLocation(file: "oauthgen.json", line: 1, column: 2)),
            Located("gogle", at: SourceLocation(file: "oauthgen.json", line: 1, column: 9)),
        ]
        let result = Generator(templates: try TemplateSet.embedded(), configuration: configuration).run(paths: [
            Fixtures.exampleProviders
        ])
        #expect(
            result.diagnostics.filter { $0.severity == .error }.map(\.message) == [
                "expected a provider named \"gogle\" among the inputs, found none; did you mean \"google\"?"
            ])
        configuration.providers?.removeLast()
        let selected = Generator(templates: try TemplateSet.embedded(), configuration: configuration).run(paths: [
            Fixtures.exampleProviders
        ])
        #expect(selected.files.map(\.name) == ["google.oauthgen.swift"])
    }

    @Test func accessLevelComesFromTheFlagThenTheFile() throws {
        var configuration = GeneratorConfiguration()
        configuration.accessLevel = Located(.internal, at: SourceLocation(file: "oauthgen.json", line: 1, column: 1))
        let github = Fixtures.exampleProviders + "/github.quirks.plist"
        #expect(
            Generator(templates: try TemplateSet.embedded(), configuration: configuration).run(paths: [github]).files
                .first?.contents.contains("internal enum GitHub") == true)
        #expect(
            Generator(accessLevel: .public, templates: try TemplateSet.embedded(), configuration: configuration).run(
                paths: [github]).files.first?.contents.contains("public enum GitHub") == true)
    }

    @Test func windowsLimitsPrivateUseSchemes() throws {
        let long = "com.example.averyveryverylongcompanyname.app"
        let (file, _) = quirks(
            "<key>redirectURIs</key><array><string>\(long):/cb</string><string>com.example.app:/cb</string></array>")
        let redirects = QuirkRulesTests.provider(try #require(file)).redirects
        #expect(PlatformRules.check(redirects, platforms: [.iOS]).isEmpty)
        let findings = PlatformRules.check(redirects, platforms: [.windows])
        #expect(findings.map(\.rule) == [.redirectSchemeTooLongForWindows])
        #expect(findings.first?.message.hasSuffix("found \(long.count)") == true)
    }
}
