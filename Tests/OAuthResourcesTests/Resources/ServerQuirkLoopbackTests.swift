import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(Testing) @testable import OAuthRuntime
@_spi(Testing) @testable import OAuthResources
import RuntimeTestSupport
import Testing
import TestSupport

/// A catalog entry's loopback host, against django-oauth-toolkit and `protected_api.py`. The
/// toolkit takes only the `127.0.0.1` form here (a `localhost` redirect is answered 400 at its
/// authorization endpoint), as Atlassian does with a domain allowlist: an app that made its
/// redirect with `localhost` signs in there because the server's entry says `127.0.0.1`, and
/// fails where no entry names the server.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct ServerQuirkLoopbackTests {
    /// A session for `api` whose app made its redirect `http://localhost/callback`, and what it
    /// recorded.
    func session(
        _ api: ProtectedAPI, catalog: ServerQuirkCatalog
    ) throws -> (ProtectedResourceSession, RecordingTransport) {
        let provider = try DjangoProvider.instance()
        let recording = RecordingTransport()
        let session = ProtectedResourceSession(
            resource: URL(string: api.resource)!,
            signIn: BrowserSignIn(
                client: .dynamic(clientName: "oauthgen loopback tests"),
                redirectURI: try RegisteredRedirectURI(URL(string: "http://localhost/callback")!),
                userAgent: LoopbackUserAgent(
                    browserCommand: [provider.python, provider.driver, "--username", "sybil"], timeout: 30)),
            options: ClientOptions(transport: recording, allowInsecureLoopback: true),
            policy: ResourceSessionPolicy(serverQuirks: catalog))
        return (session, recording)
    }

    /// The redirect URIs a session registered.
    func registered(_ recording: RecordingTransport) throws -> [String] {
        let body = try #require(
            recording.exchanges.first { $0.request.url.absoluteString.contains("register") }?.request.body)
        return (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["redirect_uris"] as? [String] ?? []
    }

    @Test func aServerThatTakesOnlyTheIPLiteralGetsIt() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let catalog = ServerQuirkCatalog(entries: [
            ServerQuirkEntry(
                name: "an IP-literal-only test server", issuerPattern: provider.issuer,
                quirks: ServerQuirks(loopbackHost: .ipv4Literal), sources: ["this test"])
        ])
        let (session, recording) = try session(api, catalog: catalog)
        let (_, response) = try await session.data(for: URLRequest(url: URL(string: api.resource)!))
        #expect(response.statusCode == 200)
        #expect(try registered(recording) == ["http://127.0.0.1/callback"])
        #expect(await session.appliedServerQuirks?.quirks.applied == ["loopback redirect host 127.0.0.1"])
    }

    /// Without the entry the redirect goes as the app made it, and this server refuses it.
    @Test func withoutAnEntryTheRedirectGoesAsMade() async throws {
        let api = try ProtectedAPI(provider: DjangoProvider.instance())
        defer { api.stop() }
        let (session, recording) = try session(api, catalog: .builtIn)
        let error = await #expect(throws: OAuthError.self) {
            try await session.data(for: URLRequest(url: URL(string: api.resource)!))
        }
        #expect(error?.kind == .browserFailed)
        #expect(try registered(recording) == ["http://localhost/callback"])
    }
}
