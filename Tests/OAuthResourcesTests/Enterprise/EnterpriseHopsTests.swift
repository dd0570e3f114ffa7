import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) @testable import OAuthRuntime
@_spi(BuildingBlocks) @testable import OAuthResources
import RuntimeTestSupport
import Testing
import TestSupport

/// The two hops of enterprise-managed authorization against real peers: the app signs in to the
/// company's identity provider (idpyoidc), exchanges its ID token there for an ID-JAG (RFC 8693),
/// and redeems that at the MCP server's authorization server (authlib) with the jwt-bearer grant
/// (RFC 7523), authenticated by a secret or a client key.
@Suite(.enabled("needs idpyoidc and authlib (python3)") { await EnterprisePeers.isAvailableOffPool() }, .serialized)
struct EnterpriseHopsTests {
    static let resource = "http://127.0.0.1:9/mcp"

    /// The identity provider's client, from its discovery document.
    static func identityClient(
        _ peers: EnterprisePeers, key: ClientKey? = nil
    ) async throws -> OAuthClient<DiscoveredProvider> {
        let discovery = try await URLSessionTransport().send(
            HTTPRequest(method: "GET", url: URL(string: peers.identityProvider + "/.well-known/openid-configuration")!))
        var configuration = try ProviderConfiguration(
            discoveryDocument: discovery.body, expectedIssuer: peers.identityProvider)
        // idpyoidc takes only its token endpoint URL as a client assertion's audience.
        configuration.quirks.clientAssertionAudience = .tokenEndpoint
        return try OAuthClient<DiscoveredProvider>(
            configuration: configuration,
            options: ClientOptions(
                clientID: EnterprisePeers.identityClientID,
                clientSecret: key == nil ? EnterprisePeers.identitySecret : nil, clientKey: key,
                allowInsecureLoopback: true))
    }

    /// The authorization server's client for `resource`, from its RFC 8414 metadata.
    static func serverClient(
        _ peers: EnterprisePeers, key: ClientKey? = nil
    ) async throws -> OAuthClient<DiscoveredProvider> {
        let metadata = try await URLSessionTransport().send(
            HTTPRequest(
                method: "GET", url: URL(string: peers.authorizationServer + "/.well-known/oauth-authorization-server")!)
        )
        var configuration = try ProviderConfiguration(
            discoveryDocument: metadata.body, expectedIssuer: peers.authorizationServer)
        configuration.resource = URL(string: resource)
        return try OAuthClient<DiscoveredProvider>(
            configuration: configuration,
            options: ClientOptions(
                clientID: EnterprisePeers.serverClientID, clientSecret: key == nil ? EnterprisePeers.serverSecret : nil,
                clientKey: key, allowInsecureLoopback: true))
    }

    /// The headless browser, which the identity provider signs in without a form, and the
    /// redirect it is registered with.
    static func browser() throws -> (agent: LoopbackUserAgent, redirect: RegisteredRedirectURI) {
        let provider = try DjangoProvider.instance()
        return (
            LoopbackUserAgent(browserCommand: [provider.python, provider.driver], timeout: 30),
            try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!)
        )
    }

    /// A sign-in at the identity provider.
    static func signIn(_ client: OAuthClient<DiscoveredProvider>) async throws -> SignIn<DiscoveredProvider> {
        let (agent, redirect) = try browser()
        return try await client.signIn(with: agent, redirectURI: redirect, scopes: [ScopeValue(rawValue: "openid")])
    }

    static func idJAGRequest(
        _ signIn: SignIn<DiscoveredProvider>, _ peers: EnterprisePeers, audience: String? = nil,
        resource: String = resource
    ) throws -> TokenExchangeRequest {
        TokenExchangeRequest(
            subjectToken: try #require(signIn.idToken?.rawValue), subjectTokenType: .idToken,
            requestedTokenType: .idJAG,
            audience: [audience ?? peers.authorizationServer], resources: [URL(string: resource)!], scopes: ["read"])
    }

    /// Both hops with secrets, and the wire checks of the MCP conformance suite's
    /// enterprise-managed-authorization scenario: the exchange's four parameters, client
    /// authentication at the authorization server; the ID token reaches the identity provider only.
    @Test func anIDTokenBecomesAnIDJAGThatTheServerRedeemsOnce() async throws {
        let peers = try EnterprisePeers()
        defer { peers.stop() }
        try peers.allow(resources: [Self.resource])
        let identity = try await Self.identityClient(peers)
        let signIn = try await Self.signIn(identity)
        let grant = try await identity.exchangeToken(try Self.idJAGRequest(signIn, peers))
        #expect(grant.issuedTokenType == .idJAG)
        #expect(grant.tokenType == "N_A")
        #expect(grant.expiresAt != nil)
        #expect(!"\(grant)".contains(grant.token))
        let exchange = try #require(peers.identityProviderRequests().last)
        #expect(exchange["grant_type"] as? String == "urn:ietf:params:oauth:grant-type:token-exchange")
        #expect(exchange["requested_token_type"] as? String == "urn:ietf:params:oauth:token-type:id-jag")
        #expect(exchange["audience"] as? String == peers.authorizationServer)
        #expect(exchange["resource"] as? String == Self.resource)
        #expect(exchange["subject_token_type"] as? String == "urn:ietf:params:oauth:token-type:id_token")
        #expect(exchange["has"] as? [String] == ["subject_token"])
        #expect(exchange["authorization"] as? String == "Basic")

        let server = try await Self.serverClient(peers)
        let tokens = try await server.redeem(assertion: grant.token, scopes: ["read"])
        #expect(tokens.tokenType == "Bearer")
        #expect(tokens.scopes == ["read"])
        #expect(tokens.refreshToken == nil)
        let redeem = try #require(peers.authorizationServerRequests().last)
        #expect(redeem["grant_type"] as? String == "urn:ietf:params:oauth:grant-type:jwt-bearer")
        #expect(redeem["has"] as? [String] == ["assertion"])
        #expect(redeem["authorization"] as? String == "Basic")
        #expect(redeem["resource"] as? String == Self.resource)
        #expect(
            peers.authorizationServerRequests().allSatisfy { $0["subject_token_type"] == nil && $0["id_token"] == nil })

        // An ID-JAG is good once (draft §4.4.1: jti replay).
        let replay = await #expect(throws: OAuthError.self) {
            _ = try await server.redeem(assertion: grant.token, scopes: ["read"])
        }
        #expect(replay?.kind == .requestRejected)
        #expect(replay?.protocolError?.code == "invalid_grant")
    }

    /// RFC 8693 §2.2.2: the identity provider's policy refuses an audience or a resource it does
    /// not know with invalid_target, a typed kind.
    @Test func aTargetThePolicyDoesNotAllowIsInvalidTarget() async throws {
        let peers = try EnterprisePeers()
        defer { peers.stop() }
        try peers.allow(resources: [Self.resource])
        let identity = try await Self.identityClient(peers)
        let signIn = try await Self.signIn(identity)
        for request in [
            try Self.idJAGRequest(signIn, peers, audience: "https://as.elsewhere.example"),
            try Self.idJAGRequest(signIn, peers, resource: "https://mcp.elsewhere.example/mcp"),
        ] {
            let error = await #expect(throws: OAuthError.self) { _ = try await identity.exchangeToken(request) }
            #expect(error?.kind == .invalidTarget)
            #expect(error?.protocolError?.code == "invalid_target")
        }
    }

    /// Plain RFC 8693 as idpyoidc ships it: its own access token for another.
    @Test func anAccessTokenIsExchangedForAnother() async throws {
        let peers = try EnterprisePeers()
        defer { peers.stop() }
        let identity = try await Self.identityClient(peers)
        let signIn = try await Self.signIn(identity)
        let exchanged = try await identity.exchangeToken(
            TokenExchangeRequest(
                subjectToken: signIn.tokens.accessToken, subjectTokenType: .accessToken,
                requestedTokenType: .accessToken, scopes: ["openid"]))
        #expect(exchanged.issuedTokenType == .accessToken)
        #expect(exchanged.tokenType == "Bearer")
        #expect(exchanged.token != signIn.tokens.accessToken)
    }

    /// `private_key_jwt` at both servers, with a P-256 key (ES256) and an RSA key (RS256) from a
    /// PEM file: the code exchange and the token exchange at idpyoidc, the redemption at authlib;
    /// each request carries a fresh assertion and no secret.
    @Test(arguments: ["ec", "rsa"])
    func clientKeysAuthenticateAtBothServers(kind: String) async throws {
        let directory = try makeTestDirectory("client-keys")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (key, jwks) = try ClientKeyFiles.make(kind, in: directory, keyID: "k1")
        let peers = try EnterprisePeers(identityClientJWKS: jwks, serverClientJWKS: jwks)
        defer { peers.stop() }
        try peers.allow(resources: [Self.resource])
        let identity = try await Self.identityClient(peers, key: key)
        let signIn = try await Self.signIn(identity)
        let grant = try await identity.exchangeToken(try Self.idJAGRequest(signIn, peers))
        let tokens = try await Self.serverClient(peers, key: key).redeem(assertion: grant.token, scopes: ["read"])
        #expect(tokens.tokenType == "Bearer")
        for request in peers.identityProviderRequests() + peers.authorizationServerRequests() {
            #expect(
                request["client_assertion_type"] as? String == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
            #expect((request["has"] as? [String])?.contains("client_assertion") == true)
            #expect(request["authorization"] as? String == "")
            #expect(request["client_secret"] == nil)
        }
        #expect(peers.identityProviderRequests().count == 2)
        #expect(peers.authorizationServerRequests().count == 1)
    }
}
