import Foundation
import MCP
@testable import OAuthMCP
@_spi(Testing) @testable import OAuthRuntime
@_spi(Testing) @testable import OAuthResources
import Testing
import TestSupport

/// MCP tool calls with no one at the keyboard, against the Python `mcp` SDK's server at its
/// defaults (server-sent events), whose tokens come from authlib's grants (`MachinePeer`):
/// client credentials with a secret and with `private_key_jwt`, and a workload's platform JWT
/// read from a file. No browser may open: its command would fail the test, and interaction is
/// `.never`.
@Suite(
    .enabled("needs authlib and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() },
    .serialized)
struct UnattendedToolCallTests {
    static func session(
        _ server: MCPTestServer, signIn: any ResourceSignInMethod,
        store: any TokenStore = MemoryTokenStore()
    ) throws -> ProtectedResourceSession {
        ProtectedResourceSession(
            resource: server.endpoint, signIn: signIn, store: store, options: ClientOptions(allowInsecureLoopback: true)
        )
    }

    /// The peer's client with a secret, as a client credentials identity.
    static func clientCredentials(_ peer: MachinePeer) -> ClientCredentialsIdentity {
        ClientCredentialsIdentity(clientID: MachinePeer.clientID, issuer: peer.issuer, clientSecret: MachinePeer.secret)
    }

    /// `add(a, b)` through a new MCP client over `session`, bounded.
    static func add(_ a: Int, _ b: Int, over session: ProtectedResourceSession) async throws -> String {
        let transport = try ProtectedResourceTransport(session: session)
        return try await Bounded.run(within: 90) {
            let client = Client(name: "oauthgen-tests", version: "1")
            _ = try await client.connect(transport: transport)
            let (content, isError) = try await client.callTool(name: "add", arguments: ["a": .int(a), "b": .int(b)])
            await client.disconnect()
            guard isError != true, case .text(let text, _, _)? = content.first else { return "error: \(content)" }
            return text
        }
    }

    /// The client credentials grant with a secret: one token request, for the MCP server
    /// (RFC 8707) with the scopes its metadata lists, authenticated with HTTP Basic.
    @Test func aToolCallByClientCredentialsWithASecret() async throws {
        let peer = try MachinePeer(grants: ["client_credentials"])
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let identity = ClientCredentialsIdentity(
            clientID: MachinePeer.clientID, issuer: peer.issuer, clientSecret: MachinePeer.secret)
        #expect(try await Self.add(2, 3, over: Self.session(server, signIn: identity)) == "5")
        let requests = peer.requests()
        #expect(requests.count == 1)
        #expect(requests.first?["grant_type"] as? String == "client_credentials")
        #expect(requests.first?["resource"] as? String == server.endpoint.absoluteString)
        #expect(requests.first?["scope"] as? String == "read")
        #expect(requests.first?["authorization"] as? String == "Basic")
        #expect(!"\(identity)".contains(MachinePeer.secret))
    }

    /// The client credentials grant with `private_key_jwt`: a signed assertion, no secret.
    @Test func aToolCallByClientCredentialsWithAKey() async throws {
        let directory = try makeTestDirectory("client-credentials-key")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (file, jwks) = try ClientKeyFiles.makeFiles("ec", in: directory, keyID: "k1")
        let peer = try MachinePeer(grants: ["client_credentials"], clientJWKS: jwks)
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let identity = ClientCredentialsIdentity(
            clientID: MachinePeer.keyClientID, issuer: peer.issuer,
            clientKey: try ClientKey(contentsOf: file, keyID: "k1"))
        #expect(try await Self.add(4, 5, over: Self.session(server, signIn: identity)) == "9")
        let request = try #require(peer.requests().first)
        #expect(request["grant_type"] as? String == "client_credentials")
        #expect(request["client_assertion_type"] as? String == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
        #expect((request["has"] as? [String])?.contains("client_assertion") == true)
        #expect(request["authorization"] as? String == "")
    }

    /// A renewal (what an expired token gets; asked for here, so that no clock decides when) asks
    /// the same grant again: no refresh token was issued, and no browser opens. Expiry itself,
    /// across processes, is `UnattendedAgentsTests.agentsByClientCredentialsRenewOnceForTheStore`.
    @Test func aRenewalAsksTheSameGrantAgain() async throws {
        let peer = try MachinePeer(grants: ["client_credentials"])
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let session = try Self.session(
            server,
            signIn: Self.clientCredentials(peer))
        #expect(try await Self.add(1, 1, over: session) == "2")
        try await session.oauthSession().refresh()
        #expect(try await Self.add(2, 2, over: session) == "4")
        #expect(peer.requests().map { $0["grant_type"] as? String } == ["client_credentials", "client_credentials"])
        #expect(await session.unattendedSignIns == 2)
        #expect(await session.firstSignIns == 1)
    }

    /// A server whose metadata does not list client_credentials is refused before any request.
    @Test func aServerWithoutTheGrantIsRefusedFirst() async throws {
        let peer = try MachinePeer(grants: ["workload"])
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let session = try Self.session(
            server,
            signIn: Self.clientCredentials(peer))
        let error = await #expect(throws: OAuthError.self) { try await session.oauthSession() }
        #expect(error?.kind == .invalidDiscoveryDocument)
        #expect(
            error?.description.contains(
                "grant_types_supported to list client_credentials: a client with no user signs in as itself") == true)
        #expect(peer.requests().isEmpty)
    }
}
