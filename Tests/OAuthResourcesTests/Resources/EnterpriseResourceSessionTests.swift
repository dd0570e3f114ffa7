import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) @testable import OAuthRuntime
@_spi(BuildingBlocks) @testable import OAuthResources
import RuntimeTestSupport
import Testing
import TestSupport

/// A resource session with an enterprise identity, against the real peers: the Python `mcp` SDK's
/// server, whose tokens come from authlib's ID-JAG grant, and idpyoidc as the identity provider the
/// app signed in to once. No browser opens for an MCP server: the browser command would fail the
/// test, and interaction is `.never`.
@Suite(
    .enabled("needs idpyoidc, authlib and the Python mcp SDK") { await EnterprisePeers.isAvailableOffPool() },
    .serialized)
struct EnterpriseResourceSessionTests {
    /// An MCP `initialize` request to `endpoint`.
    static func initialize(_ endpoint: URL) -> URLRequest {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
        request.httpBody = Data(
            #"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "oauthgen-tests", "version": "1"}}}"#
                .utf8)
        return request
    }

    /// The app's sign-in at the identity provider, through a browser, once.
    static func identitySession(
        _ peers: EnterprisePeers, store: any TokenStore
    ) async throws -> OAuthSession<DiscoveredProvider> {
        let session = OAuthSession(client: try await EnterpriseHopsTests.identityClient(peers), store: store)
        let (agent, redirect) = try EnterpriseHopsTests.browser()
        try await session.signIn(with: agent, redirectURI: redirect, scopes: [ScopeValue(rawValue: "openid")])
        return session
    }

    static func resourceSession(
        _ server: MCPTestServer, identity: OAuthSession<DiscoveredProvider>, store: any TokenStore,
        issuer: String
    ) throws -> ProtectedResourceSession {
        ProtectedResourceSession(
            resource: server.endpoint,
            signIn: EnterpriseIdentity(
                identityProvider: identity, clientID: EnterprisePeers.serverClientID, issuer: issuer,
                clientSecret: EnterprisePeers.serverSecret),
            store: store,
            options: ClientOptions(allowInsecureLoopback: true),
            policy: ResourceSessionPolicy(interaction: .never))
    }

    /// Two MCP servers reached with no browser; each gets its own ID-JAG for its own resource, and
    /// the ID token reaches the identity provider only.
    @Test func mcpServersAreReachedWithoutABrowser() async throws {
        let peers = try EnterprisePeers()
        defer { peers.stop() }
        let first = try peers.mcpServer()
        let second = try peers.mcpServer()
        defer {
            first.stop()
            second.stop()
        }
        try peers.allow(resources: [first.endpoint.absoluteString, second.endpoint.absoluteString])
        let identity = try await Self.identitySession(peers, store: MemoryTokenStore())
        let codeRequests = peers.identityProviderRequests().count
        for server in [first, second] {
            let session = try Self.resourceSession(
                server, identity: identity, store: MemoryTokenStore(), issuer: peers.authorizationServer)
            let (_, response) = try await session.data(for: Self.initialize(server.endpoint))
            #expect(response.statusCode == 200)
        }
        let exchanges = peers.identityProviderRequests().dropFirst(codeRequests)
        #expect(
            exchanges.map { $0["resource"] as? String } == [
                first.endpoint.absoluteString, second.endpoint.absoluteString,
            ])
        #expect(exchanges.allSatisfy { $0["audience"] as? String == peers.authorizationServer })
        let redemptions = peers.authorizationServerRequests()
        #expect(
            redemptions.map { $0["grant_type"] as? String }
                == Array(repeating: "urn:ietf:params:oauth:grant-type:jwt-bearer", count: 2))
        #expect(redemptions.allSatisfy { $0["subject_token_type"] == nil && ($0["has"] as? [String]) == ["assertion"] })
    }

    /// An expired MCP token is renewed in two token-endpoint requests (exchange, redeem) and no
    /// prompt; two sessions sharing a file store (as two processes do) renew it once between them.
    ///
    /// The token expires by the store's word (its expiry set in the past, as the clock would),
    /// not by sleeping through a short lifetime: with 8-second tokens a loaded 2-core machine
    /// found the first token within the refresh leeway before the second session had used it,
    /// and made two redemptions (issue 44; again in issue 53's full-suite runs).
    @Test func anExpiredTokenIsRenewedOnceForEverySessionOnTheStore() async throws {
        let peers = try EnterprisePeers()
        defer { peers.stop() }
        let server = try peers.mcpServer()
        defer { server.stop() }
        try peers.allow(resources: [server.endpoint.absoluteString])
        let directory = try makeTestDirectory("enterprise-store")
        defer { try? FileManager.default.removeItem(at: directory) }
        let identity = try await Self.identitySession(
            peers, store: FileTokenStore(path: directory.appendingPathComponent("idp.json").path))
        let path = directory.appendingPathComponent("mcp.json").path
        let one = try Self.resourceSession(
            server, identity: identity, store: FileTokenStore(path: path), issuer: peers.authorizationServer)
        let two = try Self.resourceSession(
            server, identity: identity, store: FileTokenStore(path: path), issuer: peers.authorizationServer)
        #expect(try await one.data(for: Self.initialize(server.endpoint)).1.statusCode == 200)
        #expect(try await two.data(for: Self.initialize(server.endpoint)).1.statusCode == 200)
        #expect(peers.authorizationServerRequests().count == 1)
        let before = (
            identity: peers.identityProviderRequests().count, server: peers.authorizationServerRequests().count
        )
        let store = FileTokenStore(path: path)
        let account = try #require(store.accounts().first { $0.hasPrefix("resource ") })
        var record = try #require(try await store.forAccount(account).load())
        record.tokens.expiresAt = Date(timeIntervalSinceNow: -60)
        try await store.forAccount(account).save(record)
        let endpoint = server.endpoint
        async let a = one.data(for: Self.initialize(endpoint))
        async let b = two.data(for: Self.initialize(endpoint))
        #expect(try await [a.1.statusCode, b.1.statusCode] == [200, 200])
        #expect(peers.identityProviderRequests().count - before.identity == 1)
        #expect(peers.authorizationServerRequests().count - before.server == 1)
    }

    /// The company's policy decides which server an agent reaches: a resource it does not allow
    /// is invalid_target at the identity provider, and the MCP server's server is never asked.
    @Test func aResourceThePolicyDoesNotAllowIsInvalidTarget() async throws {
        let peers = try EnterprisePeers()
        defer { peers.stop() }
        let server = try peers.mcpServer()
        defer { server.stop() }
        try peers.allow(resources: ["http://127.0.0.1:9/elsewhere"])
        let identity = try await Self.identitySession(peers, store: MemoryTokenStore())
        let session = try Self.resourceSession(
            server, identity: identity, store: MemoryTokenStore(), issuer: peers.authorizationServer)
        let error = await #expect(throws: OAuthError.self) {
            _ = try await session.data(for: Self.initialize(server.endpoint))
        }
        #expect(error?.kind == .invalidTarget)
        #expect(peers.authorizationServerRequests().isEmpty)
    }

    /// Without a sign-in at the identity provider there is no ID-JAG: a typed error, and nothing opens.
    @Test func withoutAnIdentityProviderSignInNothingOpens() async throws {
        let peers = try EnterprisePeers()
        defer { peers.stop() }
        let server = try peers.mcpServer()
        defer { server.stop() }
        try peers.allow(resources: [server.endpoint.absoluteString])
        let identity = OAuthSession(client: try await EnterpriseHopsTests.identityClient(peers))
        let session = try Self.resourceSession(
            server, identity: identity, store: MemoryTokenStore(), issuer: peers.authorizationServer)
        let error = await #expect(throws: OAuthError.self) {
            _ = try await session.data(for: Self.initialize(server.endpoint))
        }
        #expect(error?.kind == .notSignedIn)
        #expect(peers.identityProviderRequests().isEmpty)
    }
}
