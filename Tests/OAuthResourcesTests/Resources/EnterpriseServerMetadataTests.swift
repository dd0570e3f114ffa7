import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) @testable import OAuthRuntime
@_spi(BuildingBlocks) @testable import OAuthResources
import RuntimeTestSupport
import Testing
import TestSupport

/// What an MCP server's authorization server must publish for enterprise-managed authorization:
/// that it redeems ID-JAGs, and nothing of the code flow. The test server publishes no
/// authorization endpoint, no `response_types_supported` and no PKCE member, as authlib's
/// `IDJAGGrant` at its defaults does; each way of saying it redeems ID-JAGs gets a test alone
/// (issue 45: such a server was refused for not listing S256, after the identity provider's
/// sign-in; seen failing so before the rule became the grant's).
@Suite(
    .enabled("needs idpyoidc, authlib and the Python mcp SDK") { await EnterprisePeers.isAvailableOffPool() },
    .serialized)
struct EnterpriseServerMetadataTests {
    /// The status of an MCP `initialize` at a new MCP server of `peers`, through a resource session
    /// signed in at their identity provider.
    func initialize(at peers: EnterprisePeers) async throws -> Int {
        let server = try peers.mcpServer()
        defer { server.stop() }
        try peers.allow(resources: [server.endpoint.absoluteString])
        let identity = try await EnterpriseResourceSessionTests.identitySession(peers, store: MemoryTokenStore())
        let session = try EnterpriseResourceSessionTests.resourceSession(
            server, identity: identity, store: MemoryTokenStore(), issuer: peers.authorizationServer)
        return try await session.data(for: EnterpriseResourceSessionTests.initialize(server.endpoint)).1.statusCode
    }

    /// `authorization_grant_profiles_supported` with the ID-JAG profile (the extension's §6
    /// discovery), or `grant_types_supported` with jwt-bearer (RFC 8414 §2), each alone; and the
    /// optional `scopes_supported` beside the profile (left out everywhere else).
    @Test(arguments: [["profile"], ["grant_types"], ["profile", "scopes"]])
    func aServerSayingItRedeemsIDJAGsInOneWayIsReached(advertises: [String]) async throws {
        let peers = try EnterprisePeers(advertises: advertises)
        defer { peers.stop() }
        #expect(try await initialize(at: peers) == 200)
        #expect(peers.authorizationServerRequests().count == 1)
    }

    /// Issue 45, item 9: a server that takes a client secret in the body only, and lists only
    /// `client_secret_post` (and `private_key_jwt`), gets it there, never in a Basic header; one
    /// that takes only Basic gets Basic (RFC 6749 §2.3.1 makes Basic the one every server takes).
    @Test(arguments: [(["client_secret_post"], ""), (["client_secret_basic"], "Basic")])
    func theSecretGoesTheWayTheServerLists(methods: [String], scheme: String) async throws {
        let peers = try EnterprisePeers(secretMethods: methods)
        defer { peers.stop() }
        #expect(try await initialize(at: peers) == 200)
        #expect(peers.authorizationServerRequests().map { $0["authorization"] as? String } == [scheme])
    }

    /// Issue 45, item 9 (enterprise-managed authorization §5): a client not registered at the MCP
    /// server's authorization server uses its Client ID Metadata Document's URL as client ID and
    /// authenticates with private_key_jwt, the key's public half in the document, which the server
    /// fetches. No `issuer` is named: the document is the app's at every server. Seen failing
    /// before: an enterprise identity took only a registered client ID and a secret or key bound to
    /// one server.
    @Test func aClientIDMetadataDocumentIsTheClientAtAServerThatTakesOne() async throws {
        let peers = try EnterprisePeers(clientMetadataDocuments: true)
        defer { peers.stop() }
        let server = try peers.mcpServer()
        defer { server.stop() }
        let directory = try makeTestDirectory("oauthgen-cimd")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (key, jwks) = try ClientKeyFiles.make("ec", in: directory, keyID: "cimd-1")
        let jwksText = String(decoding: try JSONSerialization.data(withJSONObject: jwks), as: UTF8.self)
        let documents = try LocalHTTPServer { request in
            let url = "http://" + (request.headers["host"] ?? "") + "/agent.json"
            return request.path == "/agent.json"
                ? .json(
                    #"{"client_id": "\#(url)", "client_name": "agent", "token_endpoint_auth_method": "private_key_jwt", "jwks": \#(jwksText)}"#
                )
                : .notFound
        }
        defer { documents.stop() }
        let document = try #require(URL(string: documents.origin + "/agent.json"))
        try peers.allow(resources: [server.endpoint.absoluteString], clientID: document.absoluteString)
        let identity = try await EnterpriseResourceSessionTests.identitySession(peers, store: MemoryTokenStore())
        let session = ProtectedResourceSession(
            resource: server.endpoint,
            signIn: EnterpriseIdentity(identityProvider: identity, clientMetadataDocument: document, clientKey: key),
            options: ClientOptions(allowInsecureLoopback: true),
            policy: ResourceSessionPolicy(interaction: .never))
        let (_, response) = try await session.data(for: EnterpriseResourceSessionTests.initialize(server.endpoint))
        #expect(response.statusCode == 200)
        #expect(try await session.oauthSession().client.clientID == document.absoluteString)
        #expect(
            peers.authorizationServerRequests().map { $0["has"] as? [String] } == [["assertion", "client_assertion"]])
        #expect(!documents.requests(to: "/agent.json").isEmpty)
    }

    /// A server that says neither is refused while its metadata is read: no token exchange at the
    /// identity provider, nothing sent to the server's token endpoint.
    @Test func aServerThatDoesNotSayItRedeemsIDJAGsIsRefusedBeforeAnyExchange() async throws {
        let peers = try EnterprisePeers(advertises: [])
        defer { peers.stop() }
        let server = try peers.mcpServer()
        defer { server.stop() }
        try peers.allow(resources: [server.endpoint.absoluteString])
        let identity = try await EnterpriseResourceSessionTests.identitySession(peers, store: MemoryTokenStore())
        let signInRequests = peers.identityProviderRequests().count
        let session = try EnterpriseResourceSessionTests.resourceSession(
            server, identity: identity, store: MemoryTokenStore(), issuer: peers.authorizationServer)
        let error = await #expect(throws: OAuthError.self) {
            _ = try await session.data(for: EnterpriseResourceSessionTests.initialize(server.endpoint))
        }
        #expect(error?.kind == .invalidDiscoveryDocument)
        #expect(
            error?.message
                == "the authorization server \(peers.authorizationServer), which redeems the ID-JAG (MCP enterprise-managed authorization §6): "
                + "expected grant_types_supported to list urn:ietf:params:oauth:grant-type:jwt-bearer or urn:ietf:params:oauth:grant-profile:id-jag in "
                + "authorization_grant_profiles_supported, found it absent, which means authorization_code and implicit alone (RFC 8414 §2)"
        )
        #expect(peers.identityProviderRequests().count == signInRequests)
        #expect(peers.authorizationServerRequests().isEmpty)
    }

    /// A browser sign-in at the same kind of server is refused for what the code flow needs,
    /// before any registration or browser: the rule is the grant's.
    @Test func aBrowserSignInThereIsRefusedForItsAuthorizationEndpoint() async throws {
        let peers = try EnterprisePeers()
        defer { peers.stop() }
        let server = try peers.mcpServer()
        defer { server.stop() }
        let session = ProtectedResourceSession(
            resource: server.endpoint,
            signIn: BrowserSignIn(
                client: .preregistered(EnterprisePeers.serverClientID),
                redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
                userAgent: LoopbackUserAgent(browserCommand: ["/bin/false"], timeout: 5)),
            options: ClientOptions(allowInsecureLoopback: true),
            policy: ResourceSessionPolicy(interaction: .never))
        let error = await #expect(throws: OAuthError.self) { _ = try await session.discovery() }
        #expect(error?.kind == .invalidDiscoveryDocument)
        #expect(
            error?.message
                == "expected the authorization server \(peers.authorizationServer) to have an \"authorization_endpoint\", found none: a browser sign-in needs one (RFC 8414 §2)"
        )
        #expect(peers.authorizationServerRequests().isEmpty)
    }
}
