import Foundation
import Testing

@Suite struct ValidateCommandTests {
    @Test func printsEveryFindingOfTheExamplesAsCompilerLines() async throws {
        let run = await OAuthGenInProcess.run(["validate", "Examples/Providers"])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderrLines == [
                #"Examples/Providers/apple.openid-configuration.json:1:1: warning: expected "code_challenge_methods_supported" listing "S256", found it missing: the provider does not say it supports PKCE; the client sends S256 anyway [discovery-no-s256] (RFC 8252 §6; RFC 7636 §4.2)"#,
                #"Examples/Providers/docker.openid-configuration.json:74:5: note: found the HMAC algorithm "HS256": the client never accepts it, since a native app cannot keep the shared key secret [discovery-hmac-id-token] (RFC 8725 §2.1)"#,
                #"Examples/Providers/docker.quirks.plist:11:2: warning: expected no client secret in a native app: anyone can extract it from the app, so it proves nothing; found "clientSecret" (it is not generated into code) [quirk-client-secret] (RFC 8252 §8.5)"#,
                #"Examples/Providers/docker.quirks.plist:14:3: warning: redirect URI 'com.docker.desktop://callback': expected a single slash after a private-use scheme ('com.docker.desktop:/callback'), found 'com.docker.desktop://' [redirect-scheme-double-slash] (RFC 8252 §7.1)"#,
                #"Examples/Providers/docker.quirks.plist:15:3: warning: redirect URI 'http://localhost/docker/callback': expected the loopback IP literal 127.0.0.1 or [::1], found 'localhost', which may resolve to another interface or be blocked by a firewall [redirect-localhost] (RFC 8252 §8.3)"#,
                #"Examples/Providers/docker.quirks.plist:18:2: warning: expected PKCE with S256, found "plain": plain PKCE sends the verifier itself, which an interceptor of the request can read [quirk-weak-pkce] (RFC 8252 §8.1)"#,
                #"Examples/Providers/docker.quirks.plist:22:3: warning: expected default scopes among "scopes_supported" or the quirk file's "scopes", found "offline_acess"; did you mean "offline_access"? [quirk-unknown-scope] (RFC 6749 §3.3)"#,
                #"Examples/Providers/entra.openid-configuration.json:1:1: warning: expected "code_challenge_methods_supported" listing "S256", found it missing: the provider does not say it supports PKCE; the client sends S256 anyway [discovery-no-s256] (RFC 8252 §6; RFC 7636 §4.2)"#,
            ])
    }

    /// The iOS example: its provider and the app's Info.plist, entitlements and Keychain group
    /// (named in its oauthgen.json) agree, so its build would run clean; without the scheme in
    /// Info.plist it would not.
    @Test func theIOSExampleAppsFilesAgreeWithItsProvider() async throws {
        let run = await OAuthGenInProcess.run([
            "validate", "Examples/iOSApp/Providers", "--config", "Examples/iOSApp/Providers/oauthgen.json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines == [])

        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = OAuthGenBinary.packageRoot.appendingPathComponent("Examples/iOSApp")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Providers"), to: directory.appendingPathComponent("Providers"))
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("App/ExampleApp.entitlements"),
            to: directory.appendingPathComponent("App/ExampleApp.entitlements"))
        let info = try String(contentsOf: root.appendingPathComponent("App/Info.plist"), encoding: .utf8)
            .replacingOccurrences(
                of: "<string>com.googleusercontent.apps.123456789000-hjugbg6ud799v4c49dim8ce2usclthar</string>",
                with: "<string>com.example.other</string>")
        try Data(info.utf8).write(to: directory.appendingPathComponent("App/Info.plist"))
        let broken = await OAuthGenInProcess.run([
            "validate", directory.appendingPathComponent("Providers").path, "--config",
            directory.appendingPathComponent("Providers/oauthgen.json").path,
        ])
        #expect(broken.status == 1)
        #expect(
            broken.stderrLines.first?.hasPrefix(
                "\(directory.appendingPathComponent("App/Info.plist").path):10:2: error: expected the URL scheme 'com.googleusercontent.apps.123456789000-hjugbg6ud799v4c49dim8ce2usclthar' among CFBundleURLTypes' CFBundleURLSchemes, found it missing"
            ) == true,
            "\(broken.stderr)")
    }

    /// The iOS example's sibling app (issue 56): its family's provider, Info.plist and
    /// entitlements agree; entitlements without the family's group fail at their own line.
    @Test func theIOSExampleSiblingsFilesAgreeWithItsFamily() async throws {
        let run = await OAuthGenInProcess.run([
            "validate", "Examples/iOSApp/FamilyProviders", "--config", "Examples/iOSApp/FamilyProviders/oauthgen.json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines == [])

        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = OAuthGenBinary.packageRoot.appendingPathComponent("Examples/iOSApp")
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("FamilyProviders"), to: directory.appendingPathComponent("FamilyProviders"))
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Investing"), to: directory.appendingPathComponent("Investing"))
        let entitlements = directory.appendingPathComponent("Investing/Investing.entitlements")
        let text = try String(contentsOf: entitlements, encoding: .utf8)
            .replacingOccurrences(of: "com.example.oauthgen.family", with: "com.example.oauthgen.shared")
        try Data(text.utf8).write(to: entitlements)
        let broken = await OAuthGenInProcess.run([
            "validate", directory.appendingPathComponent("FamilyProviders").path, "--config",
            directory.appendingPathComponent("FamilyProviders/oauthgen.json").path,
        ])
        #expect(broken.status == 1)
        #expect(
            broken.stderrLines.contains {
                $0.hasPrefix(
                    "\(entitlements.path):6:2: error: expected the family's Keychain access group '$(AppIdentifierPrefix)com.example.oauthgen.family' in keychain-access-groups, found it missing"
                )
            }, "\(broken.stderr)")
    }

    @Test func jsonGoesToStandardOutput() async throws {
        let run = await OAuthGenInProcess.run([
            "validate", "Examples/Providers/docker.quirks.plist", "Examples/Providers/docker.openid-configuration.json",
            "--format", "json",
        ])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let diagnostics = try #require(object?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 6)
        let first = diagnostics[0]
        #expect(first["file"] as? String == "Examples/Providers/docker.openid-configuration.json")
        #expect(first["line"] as? Int == 74)
        #expect(first["column"] as? Int == 5)
        #expect(first["severity"] as? String == "note")
        #expect(first["rule"] as? String == "discovery-hmac-id-token")
        #expect(first["reference"] as? String == "RFC 8725 §2.1")
        #expect((first["message"] as? String)?.isEmpty == false)
    }

    @Test func exitsOneOnAnyError() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = directory.appendingPathComponent("acme.quirks.plist")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>redirectURIs</key>
            \t<array>
            \t\t<string>myapp://callback</string>
            \t</array>
            \t<key>endpoints</key>
            \t<dict>
            \t\t<key>authorization</key><string>https://acme.example.com/authorize</string>
            \t\t<key>token</key><string>https://acme.example.com/token</string>
            \t</dict>
            </dict>
            </plist>
            """.utf8
        ).write(to: plist)
        let run = await OAuthGenInProcess.run(["validate", plist.path])
        #expect(run.status == 1)
        #expect(
            run.stderrLines.first
                == "\(plist.path):6:3: error: redirect URI 'myapp://callback': expected a private-use scheme based on a reverse domain name the app controls (e.g. 'com.example.app'), found 'myapp' with no period; servers should reject it and any app can claim it [redirect-scheme-no-period] (RFC 8252 §8.4)"
        )
    }

    @Test func namesAMissingPath() async throws {
        let run = await OAuthGenInProcess.run(["validate", "no/such/dir"])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "error: expected a file or directory, found nothing at 'no/such/dir' [input-unreadable]"
            ])
    }

    @Test func refusesAFileThatIsNoProviderInput() async throws {
        let run = await OAuthGenInProcess.run(["validate", "Package.swift"])
        #expect(run.status == 1)
        #expect(
            run.stderrLines.first?.hasPrefix(
                "Package.swift:1:1: error: expected a file named <provider>.openid-configuration.json") == true)
    }
}
