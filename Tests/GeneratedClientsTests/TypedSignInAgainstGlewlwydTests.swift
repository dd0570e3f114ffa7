import Foundation
@_spi(Testing) import OAuthRuntime
import Synchronization
import Testing
import TestSupport

/// A sign-in through `Glewlwyd`, generated from `Tests/Support/glewlwyd/pinned`: the issuer that
/// requires pushed authorization requests, and a quirk file that says the client's tokens are
/// DPoP-bound. The app code below asks for neither; the generated configuration does both.
// One at a time: these share one Glewlwyd, whose SQLite fails concurrent writes.
@Suite(.serialized, .enabled("needs Debian's glewlwyd") { await GlewlwydProvider.isAvailableOffPool() })
struct TypedSignInAgainstGlewlwydTests {
    /// The generated configuration on this run's port (the pinned document names 8000).
    static func liveConfiguration(_ provider: GlewlwydProvider.Instance) throws -> ProviderConfiguration {
        Glewlwyd.configuration.live(issuer: provider.parRequiredIssuer)
    }

    /// The headless browser as the app's web session: it records the URL it was shown.
    final class RecordingAgent: ExternalUserAgent {
        let shown = Mutex<[URL]>([])

        func accepts(_ kind: RedirectURIKind) -> Bool { kind == .privateUseScheme }

        func authorize(
            on redirectURI: RegisteredRedirectURI,
            request makeRequest: (URL) async throws(OAuthError) -> (url: URL, state: String)
        ) async throws(OAuthError) -> URL {
            let (url, _) = try await makeRequest(redirectURI.url)
            shown.withLock { $0.append(url) }
            do {
                return try await GlewlwydProvider.browse(url)
            } catch {
                throw OAuthError(.browserFailed, "\(error)")
            }
        }
    }

    @Test func aProviderThatRequiresPARAndAClientWithDPoPGetBothWithoutTheAppAsking() async throws {
        let provider = try GlewlwydProvider.separate.get()
        let session = OAuthSession(
            client: try OAuthClient<Glewlwyd>(
                overriding: Self.liveConfiguration(provider), options: ClientOptions(allowInsecureLoopback: true)))
        let agent = RecordingAgent()
        let signIn = try await session.signIn(with: agent)

        // Pushed: the browser saw client_id and request_uri only.
        let shown = try #require(agent.shown.withLock { $0.first })
        #expect(
            URLComponents(url: shown, resolvingAgainstBaseURL: false)?.queryItems?.map(\.name) == [
                "client_id", "request_uri",
            ])
        // Bound: DPoP tokens, typed claims.
        #expect(signIn.tokens.tokenType == "DPoP")
        #expect(signIn.tokens.dpopKey != nil)
        #expect(signIn.claims.name == "Alice Example")
        let userInfo = try await session.userInfo()
        #expect(userInfo.email == "alice@example.test")
        let headers = try await session.validAuthorizationHeaders(
            method: "GET", url: URL(string: "https://api.example.com/items?page=2")!)
        #expect(headers.authorization.hasPrefix("DPoP "))
        #expect(headers.dpop != nil)
    }

    /// `oauthgen-login --par --dpop` and `--device --dpop` on the issuer whose DPoP proofs need the
    /// server's nonce, through the loopback listener on an ephemeral port (this instance has them
    /// all registered) and the headless browser.
    @Test(arguments: [["--par", "--dpop"], ["--device", "--dpop"], ["--dpop", "--sign-out"]])
    func oauthgenLoginSignsInToTheNonceIssuer(flags: [String]) async throws {
        let provider = try GlewlwydProvider.separate.get()
        let run = try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--issuer", provider.nonceIssuer, "--allow-insecure-loopback", "--client-id", provider.publicClientID,
                "--scope", "openid profile offline_access", "--browser-command",
                provider.browserCommand.joined(separator: " "),
                "--userinfo", "--refresh", "--timeout", "90", "--json",
            ] + flags)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["token_type"] as? String == "DPoP")
        #expect((report["dpop_jkt"] as? String)?.count == 43)
        #expect(report["pushed"] as? Bool == flags.contains("--par"))
        #expect(report["grant"] as? String == (flags.contains("--device") ? "device_code" : "authorization_code"))
        #expect(report["refreshed"] as? Bool == true)
        #expect((report["userinfo"] as? [String: Any])?["name"] as? String == "Alice Example")
        // The logout page's return reached the listener with the state sent.
        #expect(report["signed_out"] as? Bool == flags.contains("--sign-out"))
    }
}
