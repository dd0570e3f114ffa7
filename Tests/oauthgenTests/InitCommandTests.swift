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
            "aws-cognito": ["region": "us-east-1", "userPoolID": "us-east-1_4OqDoWVrZ"],
        ]
        var arguments = ["init", entry.id, "--output", output.path, "--bundle-id", "com.example.app"]
        arguments += [
            "--client-id",
            entry.redirects.first?.shape == .reversedClientID
                ? "1234-abc.apps.googleusercontent.com" : "client-\(entry.id)",
        ]
        if !entry.redirects.contains(where: { $0.shape != .claimedHTTPS }) {
            arguments += ["--redirect-uri", "https://app.example.com/oauth/\(entry.id)"]
        }
        for parameter in entry.parameters {
            arguments += [
                "--set", "\(parameter.name)=\(fixtureParameters[entry.id]?[parameter.name] ?? parameter.example)",
            ]
        }
        return arguments
    }

    @Test func theCatalogReadsCleanly() throws {
        let (catalog, problems) = Catalog.bundled()
        #expect(problems.isEmpty, "\(problems)")
        #expect(catalog.entries.count >= 45)
        #expect(catalog.entries.map(\.id).contains("github"))
        // The README says how many there are.
        let readme = try String(
            contentsOf: OAuthGenBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("The catalog knows \(catalog.entries.count) providers' deviations"))
    }

    /// Every entry: init writes a quirk file that validates, with the entry's pinned document or
    /// a real one from the fixtures, and the generated clients compile together.
    @Test func everyEntryInitsValidatesAndItsClientCompiles() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let providers = directory.appendingPathComponent("OAuth")
        var unpinned: [String] = []
        for entry in Self.catalog.entries {
            let run = await OAuthGenInProcess.run(Self.arguments(for: entry, output: providers))
            #expect(run.status == 0, "\(entry.id): \(run.stderr)")
            #expect(!run.stderr.contains("error:"), "\(entry.id): \(run.stderr)")
            let kind = entry.authorizationServer != nil ? "oauth-authorization-server" : "openid-configuration"
            let document = providers.appendingPathComponent("\(entry.id).\(kind).json")
            let fixture = Self.fixtures.appendingPathComponent("\(entry.id).json")
            if !entry.hasDiscovery || entry.pinnedDiscovery != nil {
                #expect(FileManager.default.fileExists(atPath: document.path) == entry.hasDiscovery, "\(entry.id)")
            } else if FileManager.default.fileExists(atPath: fixture.path) {
                try FileManager.default.copyItem(at: fixture, to: document)
            } else {
                // Nothing pinned: init says how, and the client is compiled against the least the
                // standard lets the provider publish (no capture of its live document is kept).
                #expect(
                    run.stderr.contains("note: pin the provider's metadata next: oauthgen fetch"),
                    "\(entry.id): \(run.stderr)")
                unpinned.append(entry.id)
                try Self.minimalDocument(for: entry).write(to: document)
            }
        }
        // Each one here is an entry compiled against a minimal document only (django-oauth-toolkit's
        // client is also compiled from its live document, in InitFetchTests): deliberate. A tenant's
        // own host has nothing to pin; the MCP servers' authorization servers and Salesforce publish
        // live metadata no public snapshot keeps, which `oauthgen init --fetch` pins.
        #expect(
            unpinned == [
                "asana-mcp", "atlassian-mcp", "authentik", "azure-ad-b2c", "cloudflare-mcp", "django-oauth-toolkit",
                "fusionauth", "keycloak", "linear-mcp", "microsoft-consumers", "microsoft-entra-tenant", "notion-mcp",
                "okta-custom", "onelogin", "pingone", "salesforce", "salesforce-my-domain", "sentry-mcp",
                "sourcegraph-mcp", "stripe-mcp", "zitadel",
            ])

        let validation = await OAuthGenInProcess.run(["validate", providers.path])
        #expect(validation.status == 0, "\(validation.stderr)")
        // "file [rule]" for each warning.
        let warnings = validation.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map { line in
            let file =
                line.split(separator: ":").first.map {
                    ($0 as Substring).split(separator: "/").last.map(String.init) ?? ""
                } ?? ""
            let rule = line.split(separator: "[").last?.split(separator: "]").first.map(String.init) ?? ""
            return "\(file) [\(rule)]"
        }
        // The documented warnings: what the providers' own documents leave out.
        #expect(warnings.sorted() == Self.documentedWarnings.sorted(), "\(validation.stderr)")

        let output = directory.appendingPathComponent("Generated")
        let generation = await OAuthGenInProcess.run(["generate", providers.path, "--output", output.path])
        #expect(generation.status == 0, "\(generation.stderr)")
        #expect(contents(of: output).count == Self.catalog.entries.count)
        let check = try await OAuthGenBinary.typecheck(output)
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func gitHubFromNothing() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await OAuthGenInProcess.run([
            "init", "github", "--client-id", "Iv1.8a61f9b3a7aba766", "--output", directory.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderrLines == [
                "note: GitHub, loopback redirects: the port may differ from the registered callback URL's (docs.github.com, \"Loopback redirect urls\") [catalog-advice]",
                "warning: GitHub refuses clients without a secret, and an app cannot keep one (RFC 8252 §8.5): exchange codes on your server (BackendCodeExchange) [catalog-advice]",
                "wrote github.quirks.plist to \(directory.path)",
            ])
        let text = try String(contentsOf: directory.appendingPathComponent("github.quirks.plist"), encoding: .utf8)
        #expect(text.contains("\t<key>clientID</key>\n\t<string>Iv1.8a61f9b3a7aba766</string>"))
        #expect(text.contains("\t\t<string>http://127.0.0.1/oauth/github</string>"))
        // Each quirk keeps its source as a comment, in the file the team reads.
        #expect(
            text.contains(
                "\t<!-- Token responses list scopes comma-separated (\"scope\":\"repo,gist\", authorizing-oauth-apps) -->\n\t<key>scopeSeparator</key>"
            ))
        #expect(contents(of: directory) == ["github.quirks.plist"])
    }

    @Test func googlesRedirectIsTheReversedClientID() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await OAuthGenInProcess.run([
            "init", "google", "--client-id", "1234-abc.apps.googleusercontent.com", "--output", directory.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOf: directory.appendingPathComponent("google.quirks.plist"), encoding: .utf8)
        #expect(text.contains("<string>com.googleusercontent.apps.1234-abc:/oauth2redirect</string>"))
        #expect(contents(of: directory) == ["google.openid-configuration.json", "google.quirks.plist"])

        // A client ID that is not Google's shape cannot give the reversed scheme; loopback is next in line.
        let other = directory.appendingPathComponent("other")
        let desktop = await OAuthGenInProcess.run([
            "init", "google", "--client-id", "desktop-client", "--output", other.path,
        ])
        #expect(desktop.status == 0, "\(desktop.stderr)")
        #expect(desktop.stderr.contains("note: Google, loopback redirects: the Desktop app client type only"))
        #expect(
            try String(contentsOf: other.appendingPathComponent("google.quirks.plist"), encoding: .utf8).contains(
                "<string>http://127.0.0.1/oauth/google</string>"))
    }

    /// Before the fix, init replaced a discovery document a team had pinned by hand, unasked.
    @Test func aPinnedDocumentWithOtherContentsIsNotReplacedWithoutForce() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pinned = directory.appendingPathComponent("google.openid-configuration.json")
        let handPinned = Data(#"{"issuer": "https://accounts.google.com", "note": "pinned by hand"}"#.utf8)
        try handPinned.write(to: pinned)
        let run = await OAuthGenInProcess.run([
            "init", "google", "--client-id", "1234-abc.apps.googleusercontent.com", "--output", directory.path,
        ])
        #expect(run.status == 1)
        #expect(
            run.stderrLines.last
                == "\(pinned.path):1:1: error: expected no google.openid-configuration.json in \(directory.path), found one with other contents; pass --force to replace it [input-duplicate]"
        )
        #expect(try Data(contentsOf: pinned) == handPinned)
        #expect(contents(of: directory) == ["google.openid-configuration.json"])

        let forced = await OAuthGenInProcess.run([
            "init", "google", "--client-id", "1234-abc.apps.googleusercontent.com", "--output", directory.path,
            "--force",
        ])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Data(contentsOf: pinned) != handPinned)
    }

    @Test func aRedirectTheProviderDoesNotAllowIsRefusedAndNothingIsWritten() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await OAuthGenInProcess.run([
            "init", "google", "--client-id", "1234-abc.apps.googleusercontent.com",
            "--redirect-uri", "https://app.example.com/cb", "--output", directory.path,
        ])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "error: expected a redirect of a kind Google allows native apps (reversedClientID, loopback), found https://app.example.com/cb, a claimedHTTPS URI [catalog-redirect-not-allowed]"
            ])
        #expect(contents(of: directory).isEmpty)
    }

    @Test func aFileThatFailsValidationIsNeverWritten() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await OAuthGenInProcess.run([
            "init", "github", "--client-id", "x", "--redirect-uri", "http://127.0.0.1/cb#x", "--output", directory.path,
        ])
        #expect(run.status == 1)
        // Located where the file would have been, and nothing is there.
        let file = directory.appendingPathComponent("github.quirks.plist").path
        #expect(
            run.stderrLines.contains { $0.hasPrefix("\(file):") && $0.contains("[redirect-fragment]") }, "\(run.stderr)"
        )
        #expect(contents(of: directory).isEmpty)
    }

    @Test func theNextStepNamesTheIssuerTheDocumentWillCarry() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await OAuthGenInProcess.run([
            "init", "microsoft-entra", "--client-id", "x", "--bundle-id", "com.example.app", "--set",
            "tenant=organizations",
            "--output", directory.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "note: pin the provider's metadata next: oauthgen fetch https://login.microsoftonline.com/organizations/v2.0 --expected-issuer 'https://login.microsoftonline.com/{tenantid}/v2.0' --output \(directory.path)/microsoft-entra.openid-configuration.json"
            ), "\(run.stderr)")
        // A provider without metadata has nothing to fetch, and says so instead of failing.
        let github = await OAuthGenInProcess.run([
            "init", "github", "--client-id", "x", "--fetch", "--output", directory.path,
        ])
        #expect(github.status == 0, "\(github.stderr)")
        #expect(
            github.stderr.contains(
                "note: GitHub publishes no metadata: --fetch has nothing to pin, the quirk file lists the endpoints [catalog-advice]"
            ))
    }

    @Test func anUnknownProviderGetsADidYouMean() async throws {
        let run = await OAuthGenInProcess.run(["init", "gogle", "--client-id", "x"])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                #"error: expected a provider of the catalog, found "gogle"; did you mean "google"? [catalog-unknown-provider]"#
            ])
        let far = await OAuthGenInProcess.run(["init", "myspace", "--client-id", "x"])
        #expect(
            far.stderrLines == [
                #"error: expected a provider of the catalog, found "myspace"; `oauthgen init --list` lists them [catalog-unknown-provider]"#
            ])
    }

    @Test func missingValuesAreNamedWithAnExample() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await OAuthGenInProcess.run([
            "init", "okta", "--set", "domian=dev-1.okta.com", "--output", directory.path,
        ])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "error: expected the client ID Okta (org authorization server) issued for the app (--client-id), found none [catalog-missing-value]",
                "error: expected --set domain=…, your Okta domain (such as dev-123456.okta.com), found none [catalog-missing-value]",
                #"error: expected --set to name one of okta's values (domain), found "domian"; did you mean "domain"? [catalog-missing-value]"#,
            ])
        let noBundle = await OAuthGenInProcess.run([
            "init", "okta", "--client-id", "0oa1", "--set", "domain=dev-1.okta.com", "--output", directory.path,
        ])
        #expect(
            noBundle.stderrLines == [
                "error: expected what one of Okta (org authorization server)'s redirects needs, found none: bundleID needs the app's bundle ID (--bundle-id) [catalog-missing-value]"
            ])
        #expect(contents(of: directory).isEmpty)
    }
}
