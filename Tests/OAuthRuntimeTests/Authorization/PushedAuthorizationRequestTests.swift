import Foundation
import TestSupport
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// Pushed authorization requests (RFC 9126) against a PAR endpoint on a real local socket: what is
/// pushed, what the browser then sees, and how the endpoint's answers are read.
@Suite struct PushedAuthorizationRequestTests {
    static let pushed = LocalHTTPServer.Response.json(
        #"{"request_uri": "urn:ietf:params:oauth:request_uri:6esc_11ACC5bwc014ltc14eY22c", "expires_in": 60}"#,
        status: 201)

    func client(
        _ server: LocalHTTPServer, require: Bool = true, quirk: Bool = false,
        authentication: TokenEndpointAuthMethod = .none, secret: String? = nil
    ) throws -> OAuthClient<DiscoveredProvider> {
        var configuration = testConfiguration()
        configuration.endpoints.pushedAuthorizationRequest = URL(string: "\(server.origin)/par")!
        configuration.metadata.requirePushedAuthorizationRequests = require
        configuration.quirks.pushedAuthorizationRequests = quirk
        configuration.quirks.tokenEndpointAuthMethod = authentication
        return try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(clientSecret: secret, allowInsecureLoopback: true))
    }

    func form(_ request: LocalHTTPServer.Request) -> [(String, String)] {
        String(decoding: request.body, as: UTF8.self).split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    @Test func theBrowserSeesOnlyTheClientAndTheRequestURI() async throws {
        let server = try LocalHTTPServer { $0.path == "/par" ? Self.pushed : .notFound }
        defer { server.stop() }
        let client = try client(server)
        #expect(client.pushesAuthorizationRequests)
        let now = Date()
        let request = try await client.authorizationRequest(
            redirectURI: URL(string: "com.example.app:/cb")!, scopes: ["openid", "email"], now: now)
        // RFC 9126 §4: client_id and request_uri, after the endpoint's own query.
        #expect(
            request.url.absoluteString
                == "https://id.example.com/authorize?policy=b2c_1&client_id=client-1&request_uri=urn%3Aietf%3Aparams%3Aoauth%3Arequest_uri%3A6esc_11ACC5bwc014ltc14eY22c"
        )
        #expect(request.expiresAt == now.addingTimeInterval(60))
        #expect(request.isUsable(at: now.addingTimeInterval(59)))
        #expect(!request.isUsable(at: now.addingTimeInterval(60)))

        // Everything else went to the PAR endpoint, client_id once, with the pending state.
        let pushed = form(try #require(server.requests(to: "/par").first))
        let names = pushed.map(\.0)
        #expect(names.filter { $0 == "client_id" }.count == 1)
        #expect(
            Set(names) == [
                "client_id", "response_type", "redirect_uri", "scope", "state", "nonce", "code_challenge",
                "code_challenge_method",
            ])
        let values = Dictionary(pushed, uniquingKeysWith: { first, _ in first })
        #expect(values["state"] == request.pending.state)
        #expect(values["nonce"] == request.pending.nonce)
        #expect(values["code_challenge"] == request.pending.pkce.challenge)
        #expect(values["redirect_uri"] == "com.example.app:/cb")
        #expect(values["scope"] == "openid email")
    }

    @Test func aConfidentialClientAuthenticatesWithBasicAndStillNamesItself() async throws {
        let server = try LocalHTTPServer { $0.path == "/par" ? Self.pushed : .notFound }
        defer { server.stop() }
        let client = try client(server, authentication: .clientSecretBasic, secret: "s3cret")
        _ = try await client.authorizationRequest(redirectURI: URL(string: "com.example.app:/cb")!)
        let request = try #require(server.requests(to: "/par").first)
        #expect(request.headers["authorization"] == "Basic " + Data("client-1:s3cret".utf8).base64EncodedString())
        #expect(form(request).filter { $0.0 == "client_id" }.map(\.1) == ["client-1"])
        #expect(!form(request).contains { $0.0 == "client_secret" })
    }

    @Test func theQuirkPushesWhereTheMetadataDoesNotRequireIt() async throws {
        let server = try LocalHTTPServer { $0.path == "/par" ? Self.pushed : .notFound }
        defer { server.stop() }
        #expect(
            try await client(server, require: false, quirk: false).authorizationRequest(
                redirectURI: URL(string: "com.example.app:/cb")!
            ).expiresAt == nil)
        #expect(server.requests.isEmpty)
        let pushed = try await client(server, require: false, quirk: true).authorizationRequest(
            redirectURI: URL(string: "com.example.app:/cb")!)
        #expect(pushed.url.query?.contains("request_uri=") == true)
        #expect(server.requests(to: "/par").count == 1)
    }

    @Test func anErrorFromTheEndpointIsTypedLikeATokenEndpointError() async throws {
        let server = try LocalHTTPServer { _ in
            .json(#"{"error": "invalid_request", "error_description": "redirect_uri not registered"}"#, status: 400)
        }
        defer { server.stop() }
        let error = await #expect(throws: OAuthError.self) {
            try await client(server).authorizationRequest(redirectURI: URL(string: "com.example.app:/cb")!)
        }
        #expect(error?.kind == .requestRejected)
        #expect(
            error?.protocolError
                == OAuthError.ProtocolError(code: "invalid_request", errorDescription: "redirect_uri not registered"))
        #expect(error?.message.contains("pushed authorization request endpoint") == true)
    }

    @Test(arguments: [
        (#"{"expires_in": 60}"#, "no \"request_uri\" string"),
        (#"{"request_uri": "urn:x", "expires_in": -5}"#, "no positive \"expires_in\" number"),
        (#"{"request_uri": "", "expires_in": 60}"#, "no \"request_uri\" string"),
    ])
    func aMalformedAnswerIsRefusedSayingWhy(body: String, found: String) async throws {
        let server = try LocalHTTPServer { _ in .json(body, status: 201) }
        defer { server.stop() }
        let error = await #expect(throws: OAuthError.self) {
            try await client(server).authorizationRequest(redirectURI: URL(string: "com.example.app:/cb")!)
        }
        #expect(error?.kind == .invalidPushedAuthorization)
        #expect(error?.message == "expected a pushed authorization response per RFC 9126 §2.2, found \(found)")
    }

    @Test func aProviderThatRequiresPushingNeedsTheEndpoint() throws {
        var configuration = testConfiguration()
        configuration.metadata.requirePushedAuthorizationRequests = true
        let refused = #expect(throws: OAuthError.self) {
            try OAuthClient<DiscoveredProvider>(configuration: configuration)
        }
        #expect(refused?.kind == .invalidConfiguration)
        #expect(
            refused?.message
                == "expected a pushed authorization request endpoint for a provider whose requests must be pushed, found none"
        )
        configuration.metadata.requirePushedAuthorizationRequests = false
        configuration.quirks.pushedAuthorizationRequests = true
        let error = #expect(throws: OAuthError.self) {
            try OAuthClient<DiscoveredProvider>(configuration: configuration)
        }
        #expect(error?.kind == .invalidConfiguration)
    }
}
