import Foundation
@testable import OAuthRuntime
import Testing
import TestSupport

/// Issue 53, item 9 (the MCP conformance suite's token-endpoint-auth-basic, -post and
/// pre-registration rows): `oauthgen-login --resource … --mcp` signs a user in through the browser
/// as a confidential client at a spec-minimal authorization server that takes one auth method.
/// A registration's per-instance secret is kept in the store and sent at the token endpoint and
/// on refresh; a pre-registered client's secret comes from the environment. Neither appears in
/// argv, the report or standard error.
@Suite(
    .enabled("needs the venv's Python and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() },
    .serialized)
struct ConfidentialClientsTests {
    static func login(
        _ server: MCPTestServer, store: URL, _ options: [String] = [], environment: [String: String] = [:]
    ) async throws -> ProcessRunner.Run {
        let browser = ProcessRunner.packageRoot.appendingPathComponent("Tests/Support/callback_browser.py").path
        return try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--resource", server.endpoint.absoluteString, "--allow-insecure-loopback", "--store", store.path,
                "--json", "--timeout", "60", "--mcp",
                "--browser-command", "\(try DjangoProvider.instance().python) \(browser) --follow",
            ] + options, environment: environment)
    }

    /// The token requests' grants and how each authenticated.
    static func tokenRequests(_ peer: ConfidentialPeer) -> [String] {
        peer.requests().filter { $0["endpoint"] as? String == "/token" }.map {
            "\($0["grant_type"] as? String ?? "?") \($0["client_auth"] as? String ?? "?")"
        }
    }

    @Test(arguments: ["client_secret_basic", "client_secret_post"])
    func aRegistrationsPerInstanceSecretIsKeptAndUsed(method: String) async throws {
        let peer = try ConfidentialPeer(method: method, registration: true)
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let directory = try makeTestDirectory("oauthgen-confidential")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store")

        let first = try await Self.login(server, store: store)
        #expect(first.status == 0, "\(first.stderr)")
        let registration = try #require(peer.requests().first { $0["endpoint"] as? String == "/register" })
        // The client asks to be public, as a native app (SEP-837); the server answers with a
        // secret and its one method, which are used.
        #expect(registration["token_endpoint_auth_method"] as? String == "none")
        #expect(registration["application_type"] as? String == "native")
        #expect(Self.tokenRequests(peer) == ["authorization_code \(method)"])

        // The stored token expires: the refresh authenticates with the kept secret.
        let tokens = FileTokenStore(directory: store.path)
        let account = try #require(tokens.accounts().first { $0 != FileTokenStore.defaultAccount })
        var record = try #require(try await tokens.forAccount(account).load())
        record.tokens.expiresAt = Date(timeIntervalSinceNow: -60)
        try await tokens.forAccount(account).save(record)
        let second = try await Self.login(server, store: store)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Self.tokenRequests(peer) == ["authorization_code \(method)", "refresh_token \(method)"])
        #expect(peer.requests().filter { $0["endpoint"] as? String == "/register" }.count == 1)
        let report = (try JSONSerialization.jsonObject(with: Data(second.stdout.utf8))) as? [String: Any] ?? [:]
        #expect(report["registration_reused"] as? Bool == true)
        for run in [first, second] { #expect(!run.stdout.contains("secret") && !run.stderr.contains("secret")) }
    }

    @Test func aPreregisteredClientWithASecretSignsInThroughTheBrowser() async throws {
        let peer = try ConfidentialPeer(method: "client_secret_basic", registration: false)
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let directory = try makeTestDirectory("oauthgen-confidential")
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = ["--client-id", ConfidentialPeer.clientID, "--authorization-server", peer.issuer]
        let run = try await Self.login(
            server, store: directory.appendingPathComponent("store"), options,
            environment: ["OAUTHGEN_CLIENT_SECRET": ConfidentialPeer.secret])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.tokenRequests(peer) == ["authorization_code client_secret_basic"])
        #expect(!run.stdout.contains(ConfidentialPeer.secret) && !run.stderr.contains(ConfidentialPeer.secret))
        // Nothing the store holds carries it: the secret is given at each run.
        let files = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
        for file in files {
            let data = (try? Data(contentsOf: directory.appendingPathComponent(file))) ?? Data()
            #expect(!String(decoding: data, as: UTF8.self).contains(ConfidentialPeer.secret), "\(file)")
        }
        // Bound to its server: without --authorization-server the secret is refused.
        let unbound = try await Self.login(
            server, store: directory.appendingPathComponent("other"), ["--client-id", ConfidentialPeer.clientID],
            environment: ["OAUTHGEN_CLIENT_SECRET": ConfidentialPeer.secret])
        #expect(unbound.status == 1)
        #expect(
            unbound.stderr.contains("expected --authorization-server ISSUER with --client-secret"), "\(unbound.stderr)")
    }
}
