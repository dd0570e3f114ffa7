import Foundation
import TestSupport
import Testing

@Suite struct ImportCommandTests {
    static let plists = OAuthGenBinary.packageRoot.appendingPathComponent("Tests/OAuthGenCoreTests/Fixtures/plist")

    @Test func importsEveryRealSDKPlistAndChecksTheInfoPlist() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let info = directory.appendingPathComponent("Info.plist")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>CFBundleURLTypes</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>CFBundleURLSchemes</key>
            \t\t\t<array>
            \t\t\t\t<string>com.googleusercontent.apps.123456789000-hjugbg6ud799v4c49dim8ce2usclthar</string>
            \t\t\t\t<string>fb1234567890</string>
            \t\t\t</array>
            \t\t</dict>
            \t</array>
            </dict>
            </plist>
            """.utf8
        ).write(to: info)
        let output = directory.appendingPathComponent("OAuth")
        let run = await OAuthGenInProcess.run(
            ["import"]
                + [
                    "okta-LegacyFormat.plist", "auth0-swift-tests-Auth0.plist",
                    "firebase-quickstart-GoogleService-Info.plist",
                ].map {
                    Self.plists.appendingPathComponent($0).path
                } + ["--output", output.path, "--info-plist", info.path])
        #expect(run.status == 1)
        #expect(contents(of: output) == ["auth0.quirks.plist", "google.quirks.plist", "okta.quirks.plist"])
        #expect(
            run.stderrLines.contains(
                "\(output.path)/okta.quirks.plist:12:3: error: expected the scheme 'com.example' of redirect URI 'com.example:/callback' among Info.plist's CFBundleURLSchemes, found it missing: the app would never receive the response [scheme-not-registered] (RFC 8252 Appendix B.1)"
            ),
            "\(run.stderr)")
        #expect(
            run.stderrLines.contains(
                "\(info.path):10:5: warning: registered URL scheme 'fb1234567890' is not the scheme of any provider's redirect URI; remove it if nothing else opens the app with it [scheme-unused] (RFC 8252 Appendix B.1)"
            ))
        #expect(
            !run.stderr.contains(
                "com.googleusercontent.apps.123456789000-hjugbg6ud799v4c49dim8ce2usclthar' of redirect"))

        // The imported quirk files are inputs like any other.
        let validate = await OAuthGenInProcess.run([
            "validate", output.appendingPathComponent("okta.quirks.plist").path, "--format", "json",
        ])
        #expect(validate.stdout.contains("input-missing-discovery"))
    }

    /// Before the fix, import replaced a hand-tuned quirk file unasked.
    @Test func aHandTunedQuirkFileIsNotReplacedWithoutForce() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let okta = Self.plists.appendingPathComponent("okta-mobile-swift-Okta.plist").path
        let first = await OAuthGenInProcess.run(["import", okta, "--output", directory.path])
        #expect(first.status == 0, "\(first.stderr)")
        let quirks = directory.appendingPathComponent("okta.quirks.plist")
        let tuned = try String(contentsOf: quirks, encoding: .utf8).replacingOccurrences(
            of: "</dict>\n</plist>", with: "\t<key>pkce</key>\n\t<string>S256</string>\n</dict>\n</plist>")
        try Data(tuned.utf8).write(to: quirks)

        // The same import again: the file differs from what it would write.
        let again = await OAuthGenInProcess.run(["import", okta, "--output", directory.path])
        #expect(again.status == 1)
        #expect(
            again.stderrLines.contains(
                "\(quirks.path):1:1: error: expected no okta.quirks.plist in \(directory.path), found one with other contents; pass --force to replace it [input-duplicate]"
            ), "\(again.stderr)")
        #expect(try String(contentsOf: quirks, encoding: .utf8) == tuned)

        let forced = await OAuthGenInProcess.run(["import", okta, "--output", directory.path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOf: quirks, encoding: .utf8) != tuned)
    }

    /// Before the fix, a quirk file that failed validation was written, then reported.
    @Test func aQuirkFileThatFailsValidationIsNeverWritten() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = directory.appendingPathComponent("Okta.plist")
        try Data(
            "<plist><dict><key>issuer_url</key><string>https://dev-1.okta.com/oauth2/default</string><key>client_id</key><string>c</string><key>redirect_uri</key><string>http://example.com/cb</string></dict></plist>"
                .utf8
        ).write(to: plist)
        let output = directory.appendingPathComponent("OAuth")
        let run = await OAuthGenInProcess.run(["import", plist.path, "--output", output.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(output.path)/okta.quirks.plist:"), "\(run.stderr)")
        #expect(run.stderr.contains("[redirect-http-not-loopback]"), "\(run.stderr)")
        #expect(contents(of: output).isEmpty)
    }

    @Test func refusesAPlistItCannotRead() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await OAuthGenInProcess.run([
            "import", OAuthGenBinary.packageRoot.appendingPathComponent("Examples/Providers/google.quirks.plist").path,
            "--output", directory.path,
        ])
        #expect(run.status == 1)
        #expect(run.stderr.contains("[import-unrecognized]"))
        #expect(contents(of: directory).isEmpty)
    }
}
