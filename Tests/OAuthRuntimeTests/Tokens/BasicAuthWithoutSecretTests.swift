import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing
import TestSupport

/// The quirk key `basicAuthWithoutSecret`, against a token endpoint shaped like Reddit's for
/// installed apps (github.com/reddit-archive/reddit/wiki/OAuth2, "Token Retrieval"): the client
/// ID as the Basic user name with an empty password, and `{"message": "Unauthorized", "error":
/// 401}` for anything else.
@Suite struct BasicAuthWithoutSecretTests {
    static let expected = "Basic " + Data("client-1:".utf8).base64EncodedString()

    static func server() throws -> LocalHTTPServer {
        try LocalHTTPServer { request in
            guard request.path == "/api/v1/access_token" else { return .notFound }
            guard request.headers.first(where: { $0.key.lowercased() == "authorization" })?.value == expected else {
                return .json(#"{"message": "Unauthorized", "error": 401}"#, status: 401)
            }
            return .json(
                #"{"access_token": "at-reddit-1", "token_type": "bearer", "expires_in": 86400, "refresh_token": "rt-reddit-1", "scope": "identity read"}"#
            )
        }
    }

    static func client(_ server: LocalHTTPServer, basic: Bool) throws -> OAuthClient<DiscoveredProvider> {
        var configuration = testConfiguration(kind: .oauth2, quirks: ProviderQuirks(basicAuthWithoutSecret: basic))
        configuration.endpoints.token = URL(string: "\(server.origin)/api/v1/access_token")!
        return try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(allowInsecureLoopback: true))
    }

    static let pending = PendingAuthorization<DiscoveredProvider>(
        state: "s-1", nonce: nil, pkce: PKCE(), redirectURI: URL(string: "com.example.app:/cb")!,
        issuer: "https://id.example.com",
        clientID: "client-1", scopes: ["identity"], createdAt: Date())

    @Test func theClientIDGoesInBasicWithAnEmptyPasswordAndNotInTheForm() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let signIn = try await Self.client(server, basic: true).exchange(
            AuthorizationCode(code: "code-1"), pending: Self.pending)
        #expect(signIn.tokens.accessToken == "at-reddit-1")
        #expect(signIn.tokens.scopes == ["identity", "read"])
        let form = FormEncoding.decode(
            String(decoding: try #require(server.requests(to: "/api/v1/access_token").first).body, as: UTF8.self))
        #expect(!form.contains { $0.0 == "client_id" || $0.0 == "client_secret" })
    }

    @Test func withoutItTheProviderRefusesAndTheRefusalIsTyped() async throws {
        let server = try Self.server()
        defer { server.stop() }
        await #expect {
            try await Self.client(server, basic: false).exchange(
                AuthorizationCode(code: "code-1"), pending: Self.pending)
        } throws: {
            let error = $0 as? OAuthError
            return error?.kind == .unexpectedResponse && error?.httpStatus == 401
        }
    }

    @Test func aSecretStillGoesAsTheProviderPrefers() throws {
        var authentication = ClientAuthentication(clientID: "client-1", clientSecret: "s")
        authentication.basicWithoutSecret = true
        var parameters: [(String, String)] = []
        var headers: [String: String] = [:]
        try authentication.apply(to: &parameters, headers: &headers)
        #expect(headers["Authorization"] == "Basic " + Data("client-1:s".utf8).base64EncodedString())
    }
}
