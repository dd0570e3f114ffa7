import Foundation
import Testing
@testable import OAuthGenCore

/// The generated code for every example provider, and for the django-oauth-toolkit and Glewlwyd
/// instances the end-to-end tests sign in to, is checked in under `Tests/GeneratedClientsTests/Golden`, where
/// the `GeneratedClientsTests` target compiles it (warnings as errors) and exercises it. A change
/// to the generator shows up here as a diff to review like code.
///
/// To accept a deliberate change: `OAUTHGEN_UPDATE_GOLDEN=1 swift test --filter GoldenFileTests`.
@Suite struct GoldenFileTests {
    static let goldenDirectory = Fixtures.packageRoot.appendingPathComponent("Tests/GeneratedClientsTests/Golden")

    @Test(arguments: [
        (Fixtures.exampleProviders, ["apple", "docker", "duende", "entra", "github", "gitlab", "google", "okta"]),
        (Fixtures.packageRoot.appendingPathComponent("Tests/Support/django-provider/pinned").path, ["dot"]),
        (Fixtures.packageRoot.appendingPathComponent("Tests/Support/glewlwyd/pinned").path, ["glewlwyd"]),
    ])
    func generatedSourcesMatchTheGoldenFiles(directory: String, providers: [String]) throws {
        let inputs = providers.flatMap { name in
            ["openid-configuration.json", "quirks.plist"].map { "\(directory)/\(name).\($0)" }
                .filter { FileManager.default.fileExists(atPath: $0) }
        }
        let result = Generator(templates: try TemplateSet.embedded()).run(paths: inputs)
        #expect(!result.diagnostics.containsErrors, "\(result.diagnostics)")
        #expect(result.files.map(\.name) == providers.map { "\($0).oauthgen.swift" })

        if ProcessInfo.processInfo.environment["OAUTHGEN_UPDATE_GOLDEN"] == "1" {
            _ = try OutputWriter.write(result.files, to: Self.goldenDirectory.path)
        }
        for file in result.files {
            let golden = try String(contentsOf: Self.goldenDirectory.appendingPathComponent(file.name), encoding: .utf8)
            #expect(file.contents == golden, "\(file.name) differs from its golden file; review the diff, then update with OAUTHGEN_UPDATE_GOLDEN=1")
        }
    }
}
