import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import TestSupport
import Testing

@Suite struct OAuthSessionTests {
    @Test func aFreshTokenIsReturnedWithoutRefreshing() async throws {
        let transport = LocalTransport()
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: testConfiguration(kind: .oauth2), options: ClientOptions(transport: transport))
        let session = OAuthSession<DiscoveredProvider>(
            client: client,
            store: MemoryTokenStore(
                SignIn<DiscoveredProvider>.withoutIDToken(
                    TokenSet(accessToken: "at", expiresAt: Date().addingTimeInterval(600), refreshToken: "rt")
                ).record))
        #expect(try await session.validAccessToken() == "at")
        #expect(await transport.requests.isEmpty)
    }

    @Test func invalidGrantSignsOutAndOtherErrorsDoNot() async throws {
        let transport = LocalTransport()
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: testConfiguration(kind: .oauth2), options: ClientOptions(transport: transport))
        let store = MemoryTokenStore(
            SignIn<DiscoveredProvider>.withoutIDToken(
                TokenSet(accessToken: "at", expiresAt: Date(), refreshToken: "rt")
            ).record)
        let session = OAuthSession<DiscoveredProvider>(client: client, store: store)

        await transport.set(
            "https://id.example.com/token",
            HTTPResponse(status: 503, headers: ["Content-Type": "text/html"], body: Data("<h1>down</h1>".utf8)))
        await #expect(
            throws: OAuthError.unexpectedResponse(status: 503, contentType: "text/html", endpoint: "token endpoint")
        ) { try await session.validAccessToken() }
        #expect(await store.load() != nil)

        await transport.set("https://id.example.com/token", json(#"{"error":"invalid_grant"}"#, status: 400))
        await #expect(throws: OAuthError.signedOut) { try await session.validAccessToken() }
        #expect(await store.load() == nil)
    }

    @Test func refreshRequestsCarryTheClientAndTheQuirkHeaders() async throws {
        let transport = LocalTransport()
        let quirks = ProviderQuirks(tokenRequestHeaders: [
            QuirkParameter(name: "Accept", value: "application/vnd.github+json")
        ])
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: testConfiguration(kind: .oauth2, quirks: quirks),
            options: ClientOptions(transport: transport))
        await transport.set("https://id.example.com/token", json(#"{"access_token":"at2","token_type":"bearer"}"#))
        let refreshed = try await client.refresh(
            SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "at", refreshToken: "r t+/")))
        #expect(refreshed.tokens.refreshToken == "r t+/")
        let request = try #require(await transport.requests.first)
        #expect(request.headers["Accept"] == "application/vnd.github+json")
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(
            String(decoding: request.body ?? Data(), as: UTF8.self)
                == "grant_type=refresh_token&refresh_token=r+t%2B%2F&client_id=client-1")
    }

    @Test func clientSecretBasicFormEncodesBeforeBase64() async throws {
        let transport = LocalTransport()
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: testConfiguration(
                kind: .oauth2, quirks: ProviderQuirks(tokenEndpointAuthMethod: .clientSecretBasic)),
            options: ClientOptions(clientID: "id:1", clientSecret: "s p", transport: transport))
        await transport.set("https://id.example.com/token", json(#"{"access_token":"a","token_type":"Bearer"}"#))
        _ = try await client.refresh(
            SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "at", refreshToken: "rt")))
        let request = try #require(await transport.requests.first)
        #expect(request.headers["Authorization"] == "Basic " + Data("id%3A1:s+p".utf8).base64EncodedString())
        #expect(!String(decoding: request.body ?? Data(), as: UTF8.self).contains("client_secret"))
        #expect(!"\(client.authentication)".contains("s p"))
    }

    /// Hardening 10: with `token_endpoint_auth_methods_supported` absent, a secret goes in HTTP
    /// Basic (OIDC Discovery §3, RFC 8414 §2), not in the body; the body only when the provider
    /// lists client_secret_post alone.
    @Test(arguments: [
        ([String](), true), (["client_secret_basic", "client_secret_post"], true), (["client_secret_post"], false),
    ])
    func aSecretFollowsTheMetadataAndDefaultsToBasic(supported: [String], expectBasic: Bool) async throws {
        let transport = LocalTransport()
        var configuration = testConfiguration(kind: .oauth2)
        configuration.metadata.tokenEndpointAuthMethodsSupported = supported
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(clientSecret: "s3cret", transport: transport))
        #expect(client.authentication.method == (expectBasic ? .clientSecretBasic : .clientSecretPost))
        await transport.set("https://id.example.com/token", json(#"{"access_token":"a","token_type":"Bearer"}"#))
        _ = try await client.refresh(
            SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "at", refreshToken: "rt")))
        let request = try #require(await transport.requests.first)
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        #expect(
            (request.headers["Authorization"] == "Basic " + Data("client-1:s3cret".utf8).base64EncodedString())
                == expectBasic)
        #expect(body.contains("client_secret=s3cret") == !expectBasic)
    }

    @Test func insecureEndpointsAreRefused() {
        var configuration = testConfiguration()
        configuration.endpoints.token = URL(string: "http://id.example.com/token")!
        #expect(throws: OAuthError.insecureEndpoint(name: "token endpoint", url: "http://id.example.com/token")) {
            try OAuthClient<DiscoveredProvider>(configuration: configuration)
        }
        configuration.endpoints.token = URL(string: "http://127.0.0.1:8000/token")!
        #expect(throws: OAuthError.insecureEndpoint(name: "token endpoint", url: "http://127.0.0.1:8000/token")) {
            try OAuthClient<DiscoveredProvider>(configuration: configuration)
        }
        #expect(throws: Never.self) {
            try OAuthClient<DiscoveredProvider>(
                configuration: configuration, options: ClientOptions(allowInsecureLoopback: true))
        }
        configuration.endpoints.token = URL(string: "http://localhost:8000/token")!
        #expect(throws: OAuthError.insecureEndpoint(name: "token endpoint", url: "http://localhost:8000/token")) {
            try OAuthClient<DiscoveredProvider>(
                configuration: configuration, options: ClientOptions(allowInsecureLoopback: true))
        }
    }

    @Test func endSessionURLCarriesTheHints() throws {
        let client = try OAuthClient<DiscoveredProvider>(configuration: testConfiguration())
        let url = try #require(
            client.endSessionURL(
                for: SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "at")),
                postLogoutRedirectURI: URL(string: "com.example.app:/bye")!, state: "s 1"))
        #expect(
            url.queryParameters == [
                "client_id": "client-1", "post_logout_redirect_uri": "com.example.app:/bye", "state": "s 1",
            ])
    }
}

/// Hardening 1 and 11: a refresh under way never undoes a sign-out or an account switch, and a
/// slow store never puts back tokens a later sign-in replaced. Real servers on 127.0.0.1: the
/// token endpoint holds its answer until the test has signed out.
@Suite struct OAuthSessionRaceTests {
    let tokenServer: LocalHTTPServer
    let revocationServer: LocalHTTPServer
    let release = DispatchSemaphore(value: 0)
    let expired = SignIn<DiscoveredProvider>.withoutIDToken(
        TokenSet(accessToken: "AT-1", expiresAt: Date(timeIntervalSinceNow: -10), refreshToken: "RT-1"))

    init() throws {
        let release = release
        tokenServer = try LocalHTTPServer { _ in
            _ = release.wait(timeout: .now() + 20)
            return .json(#"{"access_token":"AT-2","refresh_token":"RT-2","token_type":"Bearer","expires_in":3600}"#)
        }
        revocationServer = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200) }
    }

    func session(store: any TokenStore) throws -> OAuthSession<DiscoveredProvider> {
        var configuration = testConfiguration(kind: .oauth2)
        configuration.endpoints.token = URL(string: "\(tokenServer.origin)/token")!
        configuration.endpoints.revocation = URL(string: "\(revocationServer.origin)/revoke")!
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration,
            options: ClientOptions(transport: URLSessionTransport(), allowInsecureLoopback: true))
        return OAuthSession<DiscoveredProvider>(client: client, store: store)
    }

    /// Waits (bounded) until the token endpoint has the refresh request.
    func waitForRefreshRequest() async throws {
        for _ in 0..<200 where tokenServer.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(tokenServer.requests.count == 1)
    }

    func revokedTokens() -> [String] {
        revocationServer.requests.compactMap { request in
            String(decoding: request.body, as: UTF8.self).split(separator: "&").first { $0.hasPrefix("token=") }.map {
                String($0.dropFirst(6))
            }
        }
    }

    @Test func aSignOutDuringARefreshStaysSignedOutAndTheRotatedTokenIsRevoked() async throws {
        let store = MemoryTokenStore(expired.record)
        let session = try session(store: store)
        let refresh = Task { try await session.validAccessToken() }
        try await waitForRefreshRequest()

        #expect(try await session.signOut() == .revoked)
        release.signal()
        await #expect(throws: OAuthError.sessionChanged) { try await refresh.value }

        #expect(await store.load() == nil)
        #expect(try await session.currentSignIn() == nil)
        #expect(revokedTokens() == ["RT-1", "RT-2"])
    }

    @Test func anotherAccountsSignInIsNotOverwrittenByTheFirstAccountsRefresh() async throws {
        let store = MemoryTokenStore(expired.record)
        let session = try session(store: store)
        let refresh = Task { try await session.validAccessToken() }
        try await waitForRefreshRequest()

        let other = SignIn<DiscoveredProvider>.withoutIDToken(
            TokenSet(accessToken: "B-AT", expiresAt: Date(timeIntervalSinceNow: 3600), refreshToken: "B-RT"))
        try await session.keep(other)
        release.signal()
        await #expect(throws: OAuthError.sessionChanged) { try await refresh.value }

        #expect(await store.load()?.tokens == other.tokens)
        #expect(try await session.validAccessToken() == "B-AT")
        #expect(revokedTokens() == ["RT-2"])
    }

    /// Finding 11, proven: the first load is slow, a sign-in lands during it.
    @Test func aSlowFirstLoadDoesNotOverwriteANewerSignIn() async throws {
        let store = SlowStore(holding: expired.record, loadDelay: .milliseconds(300))
        let session = try session(store: store)
        let firstRead = Task { try await session.currentSignIn() }
        try await Task.sleep(for: .milliseconds(50))
        let newer = SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "NEW"))
        try await session.keep(newer)
        _ = try await firstRead.value
        #expect(try await session.currentSignIn() == newer)
        #expect(await store.load()?.tokens == newer.tokens)
        release.signal()
    }
}

/// A store whose reads take a while, like a Keychain under load or a network-backed store.
actor SlowStore: TokenStore {
    private var signIn: SignInRecord?
    private let loadDelay: Duration

    init(holding signIn: SignInRecord?, loadDelay: Duration) {
        self.signIn = signIn
        self.loadDelay = loadDelay
    }

    func load() async -> SignInRecord? {
        let snapshot = signIn
        try? await Task.sleep(for: loadDelay)
        return snapshot
    }

    func save(_ signIn: SignInRecord) { self.signIn = signIn }
    func clear() { signIn = nil }
}
