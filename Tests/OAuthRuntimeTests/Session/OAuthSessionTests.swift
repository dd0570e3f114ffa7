import Foundation
import OAuthRuntime
import Testing

@Suite struct OAuthSessionTests {
    @Test func aFreshTokenIsReturnedWithoutRefreshing() async throws {
        let transport = LocalTransport()
        let client = try OAuthClient(configuration: testConfiguration(kind: .oauth2), transport: transport)
        let session = OAuthSession(client: client, store: MemoryTokenStore(SignIn(tokens: TokenSet(accessToken: "at", expiresAt: Date().addingTimeInterval(600), refreshToken: "rt"), idToken: nil)))
        #expect(try await session.validAccessToken() == "at")
        #expect(await transport.requests.isEmpty)
    }

    @Test func invalidGrantSignsOutAndOtherErrorsDoNot() async throws {
        let transport = LocalTransport()
        let client = try OAuthClient(configuration: testConfiguration(kind: .oauth2), transport: transport)
        let store = MemoryTokenStore(SignIn(tokens: TokenSet(accessToken: "at", expiresAt: Date(), refreshToken: "rt"), idToken: nil))
        let session = OAuthSession(client: client, store: store)

        await transport.set("https://id.example.com/token", HTTPResponse(status: 503, headers: ["Content-Type": "text/html"], body: Data("<h1>down</h1>".utf8)))
        await #expect(throws: OAuthError.serverError(status: 503, contentType: "text/html")) { try await session.validAccessToken() }
        #expect(await store.load() != nil)

        await transport.set("https://id.example.com/token", json(#"{"error":"invalid_grant"}"#, status: 400))
        await #expect(throws: OAuthError.signedOut) { try await session.validAccessToken() }
        #expect(await store.load() == nil)
    }

    @Test func refreshRequestsCarryTheClientAndTheQuirkHeaders() async throws {
        let transport = LocalTransport()
        let quirks = ProviderQuirks(tokenRequestHeaders: [QuirkParameter(name: "Accept", value: "application/vnd.github+json")])
        let client = try OAuthClient(configuration: testConfiguration(kind: .oauth2, quirks: quirks), transport: transport)
        await transport.set("https://id.example.com/token", json(#"{"access_token":"at2","token_type":"bearer"}"#))
        let refreshed = try await client.refresh(SignIn(tokens: TokenSet(accessToken: "at", refreshToken: "r t+/"), idToken: nil))
        #expect(refreshed.tokens.refreshToken == "r t+/")
        let request = try #require(await transport.requests.first)
        #expect(request.headers["Accept"] == "application/vnd.github+json")
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(String(decoding: request.body ?? Data(), as: UTF8.self) == "grant_type=refresh_token&refresh_token=r+t%2B%2F&client_id=client-1")
    }

    @Test func clientSecretBasicFormEncodesBeforeBase64() async throws {
        let transport = LocalTransport()
        let client = try OAuthClient(configuration: testConfiguration(kind: .oauth2, quirks: ProviderQuirks(tokenEndpointAuthMethod: .clientSecretBasic)),
                                     clientID: "id:1", clientSecret: "s p", transport: transport)
        await transport.set("https://id.example.com/token", json(#"{"access_token":"a","token_type":"Bearer"}"#))
        _ = try await client.refresh(SignIn(tokens: TokenSet(accessToken: "at", refreshToken: "rt"), idToken: nil))
        let request = try #require(await transport.requests.first)
        #expect(request.headers["Authorization"] == "Basic " + Data("id%3A1:s+p".utf8).base64EncodedString())
        #expect(!String(decoding: request.body ?? Data(), as: UTF8.self).contains("client_secret"))
        #expect(!"\(client.authentication)".contains("s p"))
    }

    @Test func insecureEndpointsAreRefused() {
        var configuration = testConfiguration()
        configuration.endpoints.token = URL(string: "http://id.example.com/token")!
        #expect(throws: OAuthError.insecureEndpoint(name: "token endpoint", url: "http://id.example.com/token")) { try OAuthClient(configuration: configuration) }
        configuration.endpoints.token = URL(string: "http://127.0.0.1:8000/token")!
        #expect(throws: OAuthError.self) { try OAuthClient(configuration: configuration) }
        #expect(throws: Never.self) { try OAuthClient(configuration: configuration, allowInsecureLoopback: true) }
        configuration.endpoints.token = URL(string: "http://localhost:8000/token")!
        #expect(throws: OAuthError.self) { try OAuthClient(configuration: configuration, allowInsecureLoopback: true) }
    }

    @Test func endSessionURLCarriesTheHints() throws {
        let client = try OAuthClient(configuration: testConfiguration())
        let url = try #require(client.endSessionURL(postLogoutRedirectURI: URL(string: "com.example.app:/bye")!, state: "s 1"))
        #expect(url.queryParameters == ["client_id": "client-1", "post_logout_redirect_uri": "com.example.app:/bye", "state": "s 1"])
    }
}
