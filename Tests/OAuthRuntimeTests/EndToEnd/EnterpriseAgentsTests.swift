import Foundation
@testable import OAuthRuntime
import Testing
import TestSupport

/// `oauthgen-login --resource … --identity-provider …`: agent processes that sign in once at the
/// company's identity provider (idpyoidc) and reach MCP servers (the Python SDK's, whose tokens
/// come from authlib's ID-JAG grant) with no browser; an expired token is renewed once for every
/// process sharing the store.
@Suite(
    .enabled("needs idpyoidc, authlib and the Python mcp SDK") { await EnterprisePeers.isAvailableOffPool() },
    .serialized)
struct EnterpriseAgentsTests {
    /// The options naming the identity provider and the client at the MCP server's server.
    static func enterprise(_ peers: EnterprisePeers) -> [String] {
        [
            "--identity-provider", peers.identityProvider, "--identity-client-id", EnterprisePeers.identityClientID,
            "--identity-client-secret", EnterprisePeers.identitySecret,
            "--client-id", EnterprisePeers.serverClientID, "--client-secret", EnterprisePeers.serverSecret,
            "--authorization-server", peers.authorizationServer,
        ]
    }

    static func agent(
        _ endpoint: URL, _ enterprise: [String], store: String, browser: String, call: [String]
    ) async throws -> ProcessRunner.Run {
        try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--resource", endpoint.absoluteString, "--allow-insecure-loopback", "--store", store, "--json",
                "--timeout", "120",
                "--browser-command", browser,
            ] + enterprise + call)
    }

    /// Marks the store's sign-in for `endpoint` expired, as the clock would.
    func expire(_ store: FileTokenStore, resource endpoint: URL) async throws {
        let accounts = store.accounts().filter { $0.hasPrefix("resource \(endpoint.absoluteString) ") }
        try #require(accounts.count == 1, "\(store.accounts())")
        let account = store.forAccount(accounts[0])
        var record = try #require(try await account.load())
        record.tokens.expiresAt = Date(timeIntervalSinceNow: -60)
        try await account.save(record)
    }

    @Test func agentsSignInOnceAtTheIdentityProviderAndRenewOnce() async throws {
        let peers = try EnterprisePeers()
        defer { peers.stop() }
        let first = try peers.mcpServer()
        let second = try peers.mcpServer()
        defer {
            first.stop()
            second.stop()
        }
        try peers.allow(resources: [first.endpoint.absoluteString, second.endpoint.absoluteString])
        let directory = try makeTestDirectory("oauthgen-enterprise-agents")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sign-ins.json").path
        let provider = try DjangoProvider.instance()

        // The one interactive sign-in, at the identity provider; the MCP server lists its tools.
        let listing = try await Self.agent(
            first.endpoint, Self.enterprise(peers), store: path, browser: provider.browserCommand, call: ["--mcp"])
        #expect(listing.status == 0, "\(listing.stderr)")
        let report = (try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8))) as? [String: Any] ?? [:]
        #expect(report["mcp_tools"] as? [String] == MCPTestServer.tools)
        #expect(Set(report.keys) == CommandLineDocument.jsonFields(.resource))
        #expect(report["identity_provider"] as? String == peers.identityProvider)
        #expect(
            (report["hops"] as? [[String: String]])?.map { $0["at"] } == [
                peers.identityProvider, peers.authorizationServer,
            ])
        #expect(
            !listing.stdout.contains(EnterprisePeers.serverSecret)
                && !listing.stderr.contains(EnterprisePeers.serverSecret))
        #expect(
            peers.identityProviderRequests().map { $0["grant_type"] as? String } == [
                "authorization_code", "urn:ietf:params:oauth:grant-type:token-exchange",
            ])

        // Four processes after the token expired: one renewal (exchange + redeem) between them, no browser.
        try await expire(FileTokenStore(directory: path), resource: first.endpoint)
        let endpoint = first.endpoint
        let options = Self.enterprise(peers)
        let runs = try await withThrowingTaskGroup(of: ProcessRunner.Run.self) { group in
            for index in 0..<4 {
                group.addTask {
                    try await Self.agent(
                        endpoint, options, store: path, browser: "/bin/false",
                        call: ["--call", "add", "--arguments", #"{"a": \#(index), "b": 1}"#])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        #expect(peers.identityProviderRequests().count == 3)
        #expect(peers.authorizationServerRequests().count == 2)

        // A second MCP server: no browser, its own ID-JAG.
        let other = try await Self.agent(
            second.endpoint, Self.enterprise(peers), store: path, browser: "/bin/false", call: ["--mcp"])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(peers.identityProviderRequests().last?["resource"] as? String == second.endpoint.absoluteString)
        #expect(peers.authorizationServerRequests().count == 3)
    }

    /// Issue 45, item 9: the identity provider's ID token expired (it lives 6 s here) while four
    /// agents share a store. Where the provider lists `offline_access` and a refresh there mints
    /// a new ID token, they renew it by the refresh token the first sign-in asked for, once, and
    /// open no browser; where it does neither, exactly one of them signs in again through the
    /// browser and the others use that sign-in. Seen failing before: every agent failed with
    /// `notSignedIn`.
    @Test(arguments: [true, false])
    func anExpiredIdentityProviderSignInIsRenewedOnceForAllAgents(refreshRenewsIDToken: Bool) async throws {
        let lifetime = 6
        let peers = try EnterprisePeers(idTokenLifetime: lifetime, refreshRenewsIDToken: refreshRenewsIDToken)
        defer { peers.stop() }
        let server = try peers.mcpServer()
        defer { server.stop() }
        try peers.allow(resources: [server.endpoint.absoluteString])
        let directory = try makeTestDirectory("oauthgen-enterprise-renewal")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sign-ins.json").path
        let provider = try DjangoProvider.instance()
        let counting = try CountingBrowser(in: directory, running: [provider.python, provider.driver])
        func opened() -> Int { counting.openings }

        let first = try await Self.agent(
            server.endpoint, Self.enterprise(peers), store: path, browser: counting.path, call: ["--mcp"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(opened() == 1)
        try await Task.sleep(for: .seconds(lifetime + 1))
        try await expire(FileTokenStore(directory: path), resource: server.endpoint)
        let refreshesBefore = peers.identityProviderRequests().filter { $0["grant_type"] as? String == "refresh_token" }
            .count

        let endpoint = server.endpoint
        let options = Self.enterprise(peers)
        let browser = counting.path
        let runs = try await withThrowingTaskGroup(of: ProcessRunner.Run.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await Self.agent(endpoint, options, store: path, browser: browser, call: ["--mcp"])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        #expect(opened() == (refreshRenewsIDToken ? 1 : 2))
        let refreshes =
            peers.identityProviderRequests().filter { $0["grant_type"] as? String == "refresh_token" }.count
            - refreshesBefore
        #expect(refreshRenewsIDToken ? refreshes == 1 : refreshes <= 1, "\(refreshes) refreshes")
    }

    /// Issue 45, G1: an agent configured for one authorization server, sent to an MCP server whose
    /// metadata names another. Refused before the identity provider's browser opens, before any
    /// ID-JAG is asked for, and before the secret reaches the named server; a credential without
    /// `--authorization-server` is refused outright. (Before the fix the run signed in at the
    /// identity provider first, and sent the secret and an ID-JAG to whichever server was named.)
    @Test func aServerOtherThanTheConfiguredOneGetsNothing() async throws {
        let peers = try EnterprisePeers()
        defer { peers.stop() }
        let server = try peers.mcpServer()
        defer { server.stop() }
        try peers.allow(resources: [server.endpoint.absoluteString])
        let directory = try makeTestDirectory("oauthgen-enterprise-binding")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sign-ins.json").path
        let trap = directory.appendingPathComponent("browser-opened")
        let browser = "/usr/bin/touch \(trap.path)"

        var options = Self.enterprise(peers)
        options[options.count - 1] = "https://as.example.com"
        let elsewhere = try await Self.agent(server.endpoint, options, store: path, browser: browser, call: ["--mcp"])
        #expect(elsewhere.status == 1)
        #expect(
            elsewhere.stderr.contains(
                "expected the resource \(server.endpoint.absoluteString) to name the authorization server https://as.example.com, where client \"\(EnterprisePeers.serverClientID)\" is registered, found it names \(peers.authorizationServer)"
            ),
            "\(elsewhere.stderr)")
        #expect(!FileManager.default.fileExists(atPath: trap.path), "the identity provider's sign-in opened a browser")
        #expect(peers.identityProviderRequests().isEmpty)
        #expect(peers.authorizationServerRequests().isEmpty)

        let unnamed = try await Self.agent(
            server.endpoint, Array(Self.enterprise(peers).dropLast(2)), store: path, browser: browser, call: ["--mcp"])
        #expect(unnamed.status == 1)
        #expect(
            unnamed.stderr.hasPrefix(
                "error: expected --authorization-server ISSUER with --client-secret or --client-key, found none"),
            "\(unnamed.stderr)")
        #expect(!unnamed.stderr.contains(EnterprisePeers.serverSecret))
        #expect(peers.identityProviderRequests().isEmpty && peers.authorizationServerRequests().isEmpty)
    }
}
