import Foundation
import OAuthRuntime
import Testing
import TestSupport

/// `oauthgen-login --native-sso DIR` (issue 56): app A signs in through the browser and keeps the
/// family's sign-in in DIR; app B, a separate process with its own client ID, signs in from it with
/// one token exchange and no browser; a refusal exits 1 naming it, with no browser opened.
@Suite(.enabled("needs the venv's Python") { await DjangoProvider.isAvailableOffPool() })
struct NativeSSOLoginTests {
    static func login(
        _ peer: NativeSSOPeer, clientID: String, family: URL, browser: String
    ) async throws -> ProcessRunner.Run {
        try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--issuer", peer.issuer, "--allow-insecure-loopback", "--client-id", clientID,
                "--native-sso", family.path, "--json", "--timeout", "60", "--browser-command", browser,
            ])
    }

    /// A browser that follows the provider's redirect back to the loopback listener.
    static var followingBrowser: String {
        get throws {
            let script = ProcessRunner.packageRoot.appendingPathComponent("Tests/Support/callback_browser.py").path
            return "\(try DjangoProvider.instance().python) \(script) --follow"
        }
    }

    /// App A signed in through the browser, its family's sign-in in `directory/family`.
    static func firstAppSignedIn(
        _ peer: NativeSSOPeer
    ) async throws -> (directory: URL, family: URL, run: ProcessRunner.Run) {
        let directory = try makeTestDirectory("oauthgen-native-sso-login")
        let family = directory.appendingPathComponent("family")
        let run = try await Self.login(
            peer, clientID: NativeSSOPeer.firstApp, family: family, browser: try Self.followingBrowser)
        #expect(run.status == 0, "\(run.stderr)")
        return (directory, family, run)
    }

    static func report(_ run: ProcessRunner.Run) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any] ?? [:]
    }

    @Test func appBSignsInFromAppAsSignInWithNoBrowser() async throws {
        let peer = try NativeSSOPeer()
        defer { peer.stop() }
        let (directory, family, first) = try await Self.firstAppSignedIn(peer)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(Self.report(first)["grant"] as? String == "authorization_code")
        let files = try FileManager.default.contentsOfDirectory(atPath: family.path)
        #expect(files.count == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: family.appendingPathComponent(files[0]).path)[
            .posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)

        // B's browser would fail the run: it succeeds without one.
        let second = try await Self.login(
            peer, clientID: NativeSSOPeer.siblingApp, family: family, browser: "/bin/false")
        #expect(second.status == 0, "\(second.stderr)")
        let report = Self.report(second)
        #expect(report["grant"] as? String == "urn:ietf:params:oauth:grant-type:token-exchange")
        #expect(report["subject"] as? String == "alice")
        #expect((report["id_token_claims"] as? [String: Any])?["aud"] as? String == NativeSSOPeer.siblingApp)
        let grants = peer.tokenRequests().compactMap { $0["grant_type"] as? String }
        #expect(grants == ["authorization_code", "urn:ietf:params:oauth:grant-type:token-exchange"])
        for run in [first, second] { #expect(!run.stdout.contains("device_secret") && !run.stderr.contains("secret")) }
    }

    @Test func aRefusedFamilySignInExitsNamingItWithNoBrowser() async throws {
        let peer = try NativeSSOPeer()
        defer { peer.stop() }
        let (directory, family, _) = try await Self.firstAppSignedIn(peer)
        defer { try? FileManager.default.removeItem(at: directory) }

        let marker = directory.appendingPathComponent("browser-opened")
        let stranger = try await Self.login(
            peer, clientID: NativeSSOPeer.otherFamilysApp, family: family, browser: "/usr/bin/touch \(marker.path)")
        #expect(stranger.status == 1)
        #expect(stranger.stderr.contains("one of the family's apps"), "\(stranger.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }
}
