import Foundation
import Testing
@testable import OAuthGenCore

/// Three whole-file references, reviewed like code: Google (OpenID Connect, an authorization
/// parameter, claims and prompts), GitHub (OAuth 2.0 only, a comma scope separator, userinfo
/// members) and the Glewlwyd peer the end-to-end tests sign in to (a loopback development server,
/// DPoP, PAR, device grant, end session). The template's other paths have snippet references
/// (`TemplateSnippetTests`); every client the build plugin generates for `GeneratedClientsTests`
/// is compiled there with warnings as errors.
///
/// To accept a deliberate change: `OAUTHGEN_UPDATE_GOLDEN=1 swift test --filter GoldenFileTests`.
@Suite struct GoldenFileTests {
    static let goldenDirectory = Fixtures.packageRoot.appendingPathComponent("Tests/GeneratedClientsTests/Golden")
    /// What the build plugin generates from: links to the example providers and the test peers.
    static let providersDirectory = Fixtures.packageRoot.appendingPathComponent("Tests/GeneratedClientsTests/Providers")
    static let goldens = ["github", "glewlwyd", "google"]

    @Test func generatedSourcesMatchTheGoldenFiles() throws {
        let inputs = try FileManager.default.contentsOfDirectory(atPath: Self.providersDirectory.path).sorted()
            .map { Self.providersDirectory.appendingPathComponent($0).path }
        // All of them at once, as the plugin runs: the rules across providers apply too.
        let result = Generator(templates: try TemplateSet.embedded()).run(paths: inputs)
        #expect(!result.diagnostics.containsErrors, "\(result.diagnostics)")
        #expect(
            result.files.map(\.name)
                == [
                    "api", "apple", "bank", "corp", "docker", "dot", "duende", "entra", "github", "gitlab", "glewlwyd",
                    "google", "okta",
                ]
                .map { "\($0).oauthgen.swift" })

        let references = result.files.filter { Self.goldens.contains(String($0.name.prefix { $0 != "." })) }
        #expect(references.count == Self.goldens.count)
        if ProcessInfo.processInfo.environment["OAUTHGEN_UPDATE_GOLDEN"] == "1" {
            _ = try OutputWriter.write(references, to: Self.goldenDirectory.path)
        }
        for file in references {
            let golden = try String(contentsOf: Self.goldenDirectory.appendingPathComponent(file.name), encoding: .utf8)
            #expect(
                file.contents == golden,
                "\(file.name) differs from its golden file; review the diff, then update with OAUTHGEN_UPDATE_GOLDEN=1")
        }
    }
}
