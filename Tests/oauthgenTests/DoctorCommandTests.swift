import Foundation
import TestSupport
import Testing

/// `oauthgen doctor`: the page a team reads when a sign-in fails.
@Suite struct DoctorCommandTests {
    static let providers = OAuthGenBinary.packageRoot.appendingPathComponent("Examples/Providers")

    /// The example GitHub quirk file without one of its quirks, as a team might have written it.
    func gitHubWithoutErrorsWithStatus200(in directory: URL) throws -> URL {
        let original = try String(
            contentsOf: Self.providers.appendingPathComponent("github.quirks.plist"), encoding: .utf8)
        let edited = original.replacingOccurrences(
            of: "\t<key>tokenResponse</key>\n\t<dict>\n\t\t<key>errorsWithStatus200</key>\n\t\t<true/>\n\t</dict>\n",
            with: "")
        #expect(edited != original)
        let file = directory.appendingPathComponent("github.quirks.plist")
        try Data(edited.utf8).write(to: file)
        return file
    }

    @Test func aQuirkTheCatalogKnowsAndTheFileLacksIsNamedWithItsSource() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try gitHubWithoutErrorsWithStatus200(in: directory)
        let run = await OAuthGenInProcess.run(["doctor", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.components(separatedBy: "\n")
        #expect(
            lines.prefix(4) == [
                "github", "  quirk file: \(file.path)",
                "  metadata:   the quirk file's endpoints (no discovery document)",
                "  catalog:    entry \"github\" (oauthgen init --list)",
            ])
        let missing = try #require(
            lines.firstIndex(of: "  In the catalog, not in this file (a sign-in may fail without them)"))
        #expect(lines[missing + 1] == "    tokenResponse.errorsWithStatus200 = true")
        #expect(
            lines[missing + 2].hasPrefix(
                "      why: A bad or expired code is answered HTTP 200 with {\"error\":\"bad_verification_code\"}"))
        #expect(lines[missing + 2].hasSuffix("(catalog Providers/github.plist:88)"))
        // What the file does set points at its own line, and at the catalog's source.
        #expect(lines.contains("    scopeSeparator = \",\"    (\(file.path):44)"))
        #expect(
            lines.contains(
                "      why: Token responses list scopes comma-separated (\"scope\":\"repo,gist\", authorizing-oauth-apps)    (catalog Providers/github.plist:84)"
            ))
    }

    /// GitHub has no revocation endpoint: the page says what a sign-out there can and cannot do;
    /// django-oauth-toolkit's discovery document lacks one its quirk file supplies, so nothing is said.
    @Test func aProviderWithoutARevocationEndpointIsSaidToBeUnrevocable() async throws {
        let github = await OAuthGenInProcess.run([
            "doctor", Self.providers.appendingPathComponent("github.quirks.plist").path,
        ])
        #expect(github.status == 0, "\(github.stderr)")
        #expect(
            github.stdout.contains(
                ": note: expected a revocation endpoint (RFC 7009) in the metadata or the quirk file's \"endpoints\" \"revocation\", found none: signOut() forgets the sign-in here but cannot end the grant at the provider (SignOutOutcome.notRevocable)"
            ))
        #expect(github.stdout.contains("[revocation-endpoint-missing]"))
        let pinned = OAuthGenBinary.packageRoot.appendingPathComponent("Tests/Support/django-provider/pinned")
        let django = await OAuthGenInProcess.run([
            "doctor", pinned.appendingPathComponent("dot.openid-configuration.json").path,
            pinned.appendingPathComponent("dot.quirks.plist").path,
        ])
        #expect(!django.stdout.contains("revocation-endpoint-missing"), "\(django.stdout)")
    }

    @Test func redirectsTheirKindsAndTheSchemesInfoPlistMustRegister() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["google.quirks.plist", "google.openid-configuration.json"] {
            try FileManager.default.copyItem(
                at: Self.providers.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let info = directory.appendingPathComponent("Info.plist")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>com.example.other</string></array></dict></array></dict></plist>
            """.utf8
        ).write(to: info)
        let run = await OAuthGenInProcess.run(["doctor", directory.path, "--info-plist", info.path])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.components(separatedBy: "\n")
        let quirks = directory.appendingPathComponent("google.quirks.plist").path
        #expect(
            lines.contains(
                "    http://127.0.0.1/oauth2/google  loopback redirect (RFC 8252 §7.3), any port    (\(quirks):14)"))
        #expect(
            lines.contains(
                "      the Desktop app client type only: an iOS client ID refuses it (developers.google.com/identity/protocols/oauth2/native-app)"
            ))
        #expect(lines.contains("  Info.plist: CFBundleURLTypes → CFBundleURLSchemes must list"))
        #expect(
            lines.contains(
                "    com.googleusercontent.apps.123456789000-hjugbg6ud799v4c49dim8ce2usclthar    NOT registered: the browser cannot hand the response back to the app"
            ))
    }

    /// The app's files that oauthgen.json names: the schemes the Info.plist registers, and every
    /// finding about them (as `swift build` would fail on), in a section of their own.
    @Test func theAppsFilesFromOAuthgenJSONAreCheckedAndShown() async throws {
        let example = OAuthGenBinary.packageRoot.appendingPathComponent("Examples/BadRedirect")
        let target = example.appendingPathComponent("Sources/MissingScheme")
        let run = await OAuthGenInProcess.run([
            "doctor", target.path, "--config", target.appendingPathComponent("oauthgen.json").path,
        ])
        #expect(run.status == 1)
        let lines = run.stdout.components(separatedBy: "\n")
        #expect(
            lines.contains(
                "    com.example.acme    NOT registered: the browser cannot hand the response back to the app"))
        let section = try #require(lines.firstIndex(of: "The app's files (oauthgen.json, Info.plist, entitlements)"))
        let shown = lines[(section + 1)...].filter { !$0.isEmpty }
        #expect(
            shown.map { $0.components(separatedBy: ": error: ").first ?? "" } == [
                "    \(example.path)/AppFiles/App.entitlements:5:2",
                "    \(example.path)/AppFiles/Info.plist:7:2",
                "    \(target.path)/oauthgen.json:5:28",
            ])
        #expect(shown[1].hasSuffix("[scheme-not-registered] (RFC 8252 Appendix B.1)"))
    }

    /// Before the fix a newline in a quirk value printed a forged compiler line, and bidi
    /// characters reordered what the page showed.
    @Test func quirkValuesCannotForgeLinesOrReorderText() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("acme.quirks.plist")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>clientID</key><string>acme</string>
            <key>redirectURIs</key><array><string>com.acme.app:/cb</string></array>
            <key>authorizationParameters</key><dict><key>audience</key><string>api&#10;/etc/app.plist:1:1: error: forged [x]</string><key>hint</key><string>\u{202E}evil</string></dict>
            <key>endpoints</key><dict><key>authorization</key><string>https://id.acme.example/a</string><key>token</key><string>https://id.acme.example/t</string></dict>
            </dict></plist>
            """.utf8
        ).write(to: file)
        let run = await OAuthGenInProcess.run(["doctor", directory.path])
        let lines = run.stdout.components(separatedBy: "\n")
        #expect(!lines.contains { $0.hasPrefix("/etc/app.plist:1:1: error:") }, "\(run.stdout)")
        #expect(!run.stdout.unicodeScalars.contains("\u{202E}"))
        #expect(lines.contains { $0.contains(#"api\u{A}/etc/app.plist:1:1: error: forged [x]"#) }, "\(run.stdout)")
        #expect(lines.contains { $0.contains(#"\u{202E}evil"#) }, "\(run.stdout)")
    }

    @Test func aRedirectKindTheProviderRefusesAndAProviderOutsideTheCatalog() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await OAuthGenInProcess.run([
            "init", "google", "--client-id", "1234-abc.apps.googleusercontent.com", "--output", directory.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let file = directory.appendingPathComponent("google.quirks.plist")
        let text = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(
                of: "<string>com.googleusercontent.apps.1234-abc:/oauth2redirect</string>",
                with: "<string>https://app.example.com/oauth/google</string>")
        try Data(text.utf8).write(to: file)
        // A provider the catalog does not know: explained all the same.
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>name</key><string>Acme</string><key>clientID</key><string>c</string>
            <key>redirectURIs</key><array><string>com.example.app:/cb</string></array>
            <key>endpoints</key><dict><key>authorization</key><string>https://id.acme.example/authorize</string><key>token</key><string>https://id.acme.example/token</string></dict>
            </dict></plist>
            """.utf8
        ).write(to: directory.appendingPathComponent("acme.quirks.plist"))
        let doctor = await OAuthGenInProcess.run(["doctor", directory.path])
        #expect(doctor.status == 0, "\(doctor.stderr)")
        let lines = doctor.stdout.components(separatedBy: "\n")
        #expect(lines.contains("      the catalog says google does not take this kind for native apps"))
        #expect(lines.contains("  catalog:    no entry matches this provider's name or issuer"))
        #expect(lines.first == "acme")
    }

    @Test func findingsAreListedAndAnErrorFailsTheRun() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try gitHubWithoutErrorsWithStatus200(in: directory)
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: "http://127.0.0.1/oauth/github", with: "http://example.com/oauth/github")
        try Data(text.utf8).write(to: file)
        let run = await OAuthGenInProcess.run(["doctor", directory.path])
        #expect(run.status == 1)
        let lines = run.stdout.components(separatedBy: "\n")
        let findings = try #require(lines.firstIndex(of: "  Findings"))
        #expect(lines[findings + 1].hasPrefix("    \(file.path):11:"))
        #expect(lines[findings + 1].contains("[redirect-http-not-loopback]"))
    }
}
