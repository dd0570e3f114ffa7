import Foundation
import OAuthGenCatalog
import TestSupport
import Testing

/// `oauthgen init --fetch` against django-oauth-toolkit on 127.0.0.1.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() })
struct InitFetchTests {
    @Test func initPinsTheLiveDocumentAndTheProviderValidates() async throws {
        let provider = try DjangoProvider.instance()
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await OAuthGenInProcess.run([
            "init", "django-oauth-toolkit", "--client-id", provider.noConsentClientID, "--set",
            "issuer=\(provider.issuer)",
            "--fetch", "--allow-insecure-loopback", "--output", directory.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            contents(of: directory) == [
                "django-oauth-toolkit.openid-configuration.json", "django-oauth-toolkit.quirks.plist",
            ])
        let pinned = try String(
            contentsOf: directory.appendingPathComponent("django-oauth-toolkit.openid-configuration.json"),
            encoding: .utf8)
        #expect(pinned.contains("\"issuer\": \"\(provider.issuer)\""))
        let quirks = try String(
            contentsOf: directory.appendingPathComponent("django-oauth-toolkit.quirks.plist"), encoding: .utf8)
        // No bundle ID given: the loopback redirect, which django-oauth-toolkit takes on any port.
        #expect(quirks.contains("<string>http://127.0.0.1/oauth/django-oauth-toolkit</string>"))
        #expect(!run.stderr.contains("error:"), "\(run.stderr)")
        // The live document makes a client that compiles, as the pinned ones do.
        let output = directory.appendingPathComponent("Generated")
        let generation = await OAuthGenInProcess.run(["generate", directory.path, "--output", output.path])
        #expect(generation.status == 0, "\(generation.stderr)")
        let check = try await OAuthGenBinary.typecheck(output)
        #expect(check.status == 0, "\(check.stderr)")

        // A server that is not there: a clear failure, and nothing written.
        let empty = directory.appendingPathComponent("empty")
        let down = await OAuthGenInProcess.run([
            "init", "django-oauth-toolkit", "--client-id", "x", "--set", "issuer=http://127.0.0.1:9/o",
            "--fetch", "--allow-insecure-loopback", "--output", empty.path,
        ])
        #expect(down.status != 0)
        #expect(contents(of: empty).isEmpty)
    }
}
