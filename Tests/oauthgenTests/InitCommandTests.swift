import Foundation
import OAuthGenCatalog
import TestSupport
import Testing

/// `oauthgen init`: from nothing to a checked provider, for every entry of the catalog.
@Suite struct InitCommandTests {
    static let fixtures = OAuthGenBinary.packageRoot.appendingPathComponent("Tests/oauthgenTests/Fixtures/catalog")

    /// The catalog as `oauthgen init` reads it.
    static let catalog: Catalog = {
        let (catalog, problems) = Catalog.bundled()
        precondition(problems.isEmpty, "\(problems)")
        return catalog
    }()

    /// Values of the right shape for `entry`, and for an entry tested against a real document,
    /// the parameters that make its issuer that document's.
    static func arguments(for entry: CatalogEntry, output: URL) -> [String] {
        let fixtureParameters: [String: [String: String]] = [
            "okta": ["domain": "example.okta.com"], "auth0": ["domain": "login.docker.com"],
            "duende": ["issuer": "https://demo.duendesoftware.com"], "microsoft-entra": ["tenant": "common"],
        ]
        var arguments = ["init", entry.id, "--output", output.path, "--bundle-id", "com.example.app"]
        arguments += ["--client-id", entry.redirects.first?.shape == .reversedClientID ? "1234-abc.apps.googleusercontent.com" : "client-\(entry.id)"]
        if !entry.redirects.contains(where: { $0.shape != .claimedHTTPS }) {
            arguments += ["--redirect-uri", "https://app.example.com/oauth/\(entry.id)"]
        }
        for parameter in entry.parameters {
            arguments += ["--set", "\(parameter.name)=\(fixtureParameters[entry.id]?[parameter.name] ?? parameter.example)"]
        }
        return arguments
    }

    @Test func theCatalogReadsCleanly() {
        let (catalog, problems) = Catalog.bundled()
        #expect(problems.isEmpty, "\(problems)")
        #expect(catalog.entries.count >= 13)
        #expect(catalog.entries.map(\.id).contains("github"))
    }

    /// Every entry: init writes a quirk file that validates, with the entry's pinned document or
    /// a real one from the fixtures, and the generated clients compile together.
    @Test func everyEntryInitsValidatesAndItsClientCompiles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let providers = directory.appendingPathComponent("OAuth")
        var unpinned: [String] = []
        for entry in Self.catalog.entries {
            let run = try OAuthGenBinary.run(Self.arguments(for: entry, output: providers))
            #expect(run.status == 0, "\(entry.id): \(run.stderr)")
            #expect(!run.stderr.contains("error:"), "\(entry.id): \(run.stderr)")
            let document = providers.appendingPathComponent("\(entry.id).openid-configuration.json")
            let fixture = Self.fixtures.appendingPathComponent("\(entry.id).json")
            if !entry.hasDiscovery || entry.pinnedDiscovery != nil {
                #expect(FileManager.default.fileExists(atPath: document.path) == entry.hasDiscovery, "\(entry.id)")
            } else if FileManager.default.fileExists(atPath: fixture.path) {
                try FileManager.default.copyItem(at: fixture, to: document)
            } else {
                // Nothing to pin without the team's tenant: init says how, and the client waits for it.
                #expect(run.stderr.contains("note: pin the provider's metadata next: oauthgen fetch"), "\(entry.id): \(run.stderr)")
                unpinned.append(entry.id)
                try FileManager.default.removeItem(at: providers.appendingPathComponent("\(entry.id).quirks.plist"))
            }
        }
        // Each one here is an entry whose client no test compiles: keep the list short, and deliberate.
        #expect(unpinned == ["django-oauth-toolkit", "keycloak", "microsoft-entra-tenant", "okta-custom"])

        let validation = try OAuthGenBinary.run(["validate", providers.path])
        #expect(validation.status == 0, "\(validation.stderr)")
        // "file [rule]" for each warning.
        let warnings = validation.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map { line in
            let file = line.split(separator: ":").first.map { ($0 as Substring).split(separator: "/").last.map(String.init) ?? "" } ?? ""
            let rule = line.split(separator: "[").last?.split(separator: "]").first.map(String.init) ?? ""
            return "\(file) [\(rule)]"
        }
        // The documented warnings: what the providers' own documents leave out.
        #expect(warnings.sorted() == Self.documentedWarnings.sorted(), "\(validation.stderr)")

        let output = directory.appendingPathComponent("Generated")
        let generation = try OAuthGenBinary.run(["generate", providers.path, "--output", output.path])
        #expect(generation.status == 0, "\(generation.stderr)")
        #expect(contents(of: output).count == Self.catalog.entries.count - unpinned.count)
        let check = try typecheck(output)
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// Apple, Entra and LinkedIn list no `code_challenge_methods_supported`; the client sends S256 anyway.
    static let documentedWarnings = [
        "apple.openid-configuration.json [discovery-no-s256]",
        "linkedin.openid-configuration.json [discovery-no-s256]",
        "microsoft-entra.openid-configuration.json [discovery-no-s256]",
    ]

    func typecheck(_ directory: URL) throws -> ProcessRunner.Run {
        let modules = OAuthGenBinary.productsDirectory.appendingPathComponent("Modules")
        let includes = FileManager.default.fileExists(atPath: modules.path) ? modules : OAuthGenBinary.productsDirectory
        let sources = contents(of: directory).filter { $0.hasSuffix(".swift") }.map { directory.appendingPathComponent($0).path }
        let swiftc = try #require(ProcessRunner.which("swiftc"))
        return try OAuthGenBinary.runProcess(swiftc, ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", includes.path] + sources)
    }
}
