import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import TestSupport
import Testing

/// Hardening 2: with the real `URLSessionTransport` and real servers on 127.0.0.1, a provider
/// endpoint that redirects gets nothing followed — no bearer token, no client secret, no keys.
@Suite struct RedirectRefusalTests {
    /// The host a redirect points at; it records what reaches it and answers like a provider would.
    let thief: LocalHTTPServer
    let provider: LocalHTTPServer
    let now = Date()

    init() throws {
        let thief = try LocalHTTPServer { request in
            .json(#"{"sub":"user-1","access_token":"stolen","token_type":"Bearer","keys":[]}"#)
        }
        self.thief = thief
        let origin = thief.origin
        provider = try LocalHTTPServer { request in
            switch request.path {
            case "/userinfo": .redirect(to: "\(origin)/steal-userinfo", status: 302)
            case "/token": .redirect(to: "\(origin)/steal-token", status: 307)
            case "/revoke": .redirect(to: "\(origin)/steal-revoke", status: 308)
            case "/jwks": .redirect(to: "\(origin)/jwks", status: 301)
            case "/large":
                LocalHTTPServer.Response(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(repeating: 0x20, count: 2 << 20))
            case "/large-streamed":
                LocalHTTPServer.Response(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(repeating: 0x20, count: 2 << 20), chunked: true)
            default: .notFound
            }
        }
    }

    func client(
        kind: ProviderMetadata.Kind = .oauth2, secret: String? = nil, method: TokenEndpointAuthMethod = .none
    ) throws -> OAuthClient<DiscoveredProvider> {
        var configuration = testConfiguration(
            issuer: provider.origin, kind: kind, quirks: ProviderQuirks(tokenEndpointAuthMethod: method))
        configuration.endpoints = ProviderEndpoints(
            authorization: URL(string: "\(provider.origin)/authorize")!,
            token: URL(string: "\(provider.origin)/token")!,
            revocation: URL(string: "\(provider.origin)/revoke")!,
            userinfo: URL(string: "\(provider.origin)/userinfo")!,
            jwks: URL(string: "\(provider.origin)/jwks")!)
        return try OAuthClient<DiscoveredProvider>(
            configuration: configuration,
            options: ClientOptions(clientSecret: secret, transport: URLSessionTransport(), allowInsecureLoopback: true))
    }

    let signIn = SignIn<DiscoveredProvider>.withoutIDToken(
        TokenSet(accessToken: "secret-access-token", refreshToken: "secret-refresh-token"))

    @Test func theBearerTokenDoesNotFollowAUserinfoRedirect() async throws {
        await #expect(
            throws: OAuthError.redirectRefused(
                endpoint: "userinfo endpoint", status: 302, location: "\(thief.origin)/steal-userinfo")
        ) {
            try await client().userInfo(signIn)
        }
        #expect(provider.requests(to: "/userinfo").count == 1)
        #expect(thief.requests.isEmpty)
    }

    @Test func theClientSecretDoesNotFollowATokenEndpointRedirect() async throws {
        let client = try client(secret: "client-secret", method: .clientSecretBasic)
        await #expect(
            throws: OAuthError.redirectRefused(
                endpoint: "token endpoint", status: 307, location: "\(thief.origin)/steal-token")
        ) {
            try await client.refresh(signIn)
        }
        let request = try #require(provider.requests(to: "/token").first)
        #expect(request.headers["authorization"]?.hasPrefix("Basic ") == true)
        #expect(thief.requests.isEmpty)
    }

    @Test func revocationDoesNotFollowARedirect() async throws {
        await #expect(
            throws: OAuthError.redirectRefused(
                endpoint: "revocation endpoint", status: 308, location: "\(thief.origin)/steal-revoke")
        ) {
            try await client().revoke("secret-refresh-token", hint: .refreshToken)
        }
        #expect(thief.requests.isEmpty)
    }

    /// Keys from wherever the JWKS URI redirects are never trusted.
    @Test func keysAreNotTakenFromARedirectTarget() async throws {
        let client = try client(kind: .openIDConnect)
        let validator = try #require(client.idTokenValidator)
        let token = try handmadeToken(
            header: #"{"alg":"RS256","kid":"k1"}"#, payload: ["iss": .string(provider.origin)])
        await #expect(
            throws: OAuthError.redirectRefused(endpoint: "JWKS URI", status: 301, location: "\(thief.origin)/jwks")
        ) {
            try await validator.validate(token, nonce: nil, now: now)
        }
        #expect(thief.requests.isEmpty)
    }

    /// Hardening 16 (runtime side): a body is refused while it streams, not after it is held.
    @Test func anOversizedBodyIsRefused() async throws {
        let transport = URLSessionTransport()
        await #expect(throws: ResponseTooLarge(limit: 1_048_576)) {
            try await transport.send(HTTPRequest(method: "GET", url: URL(string: "\(provider.origin)/large")!))
        }
    }

    /// The same without a Content-Length (chunked): only the check while the body streams can
    /// refuse it. Before this test, deleting that check failed nothing.
    @Test func anOversizedBodyWithoutALengthIsRefusedWhileItStreams() async throws {
        let transport = URLSessionTransport()
        await #expect(throws: ResponseTooLarge(limit: 1_048_576)) {
            try await transport.send(HTTPRequest(method: "GET", url: URL(string: "\(provider.origin)/large-streamed")!))
        }
    }
}
