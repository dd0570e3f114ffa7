import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) @_spi(Testing) @testable import OAuthRuntime
import RuntimeTestSupport
import Testing
import TestSupport

/// `authorize(_:)` and `data(for:)` against a real resource server on 127.0.0.1, whose token
/// server rotates refresh tokens.
@Suite struct AuthorizedRequestTests {
    let tokens: RotatingTokenServer
    var endpoint: RotatingTokenServer.Endpoint { tokens.endpoint }
    var tokenServer: LocalHTTPServer { tokens.server }

    init() throws {
        tokens = try RotatingTokenServer()
    }

    func session(_ access: String = "AT-1", expired: Bool = false) async throws -> OAuthSession<DiscoveredProvider> {
        var configuration = testConfiguration(kind: .oauth2)
        configuration.endpoints.token = URL(string: "\(tokenServer.origin)/token")!
        let session = OAuthSession(
            client: try OAuthClient<DiscoveredProvider>(
                configuration: configuration, options: ClientOptions(allowInsecureLoopback: true)))
        try await session.keep(
            .withoutIDToken(
                TokenSet(
                    accessToken: access, expiresAt: Date(timeIntervalSinceNow: expired ? -10 : 3600),
                    refreshToken: "RT-1")))
        return session
    }

    @Test func aRequestGetsTheBearerTokenAndTheResponseComesBack() async throws {
        let api = try LocalHTTPServer { request in
            request.headers["authorization"] == "Bearer AT-1"
                ? .json(#"{"ok":true}"#) : LocalHTTPServer.Response(status: 401)
        }
        let (data, response) = try await session().data(for: URLRequest(url: URL(string: "\(api.origin)/me")!))
        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == #"{"ok":true}"#)
        #expect(api.requests.count == 1)
    }

    @Test func anInvalidTokenAnswerRefreshesOnceAndRetriesOnce() async throws {
        let api = try LocalHTTPServer { request in
            request.headers["authorization"] == "Bearer AT-2"
                ? .json("{}")
                : LocalHTTPServer.Response(
                    status: 401,
                    headers: ["WWW-Authenticate": #"Bearer error="invalid_token", error_description="revoked""#])
        }
        let session = try await session()
        let (_, response) = try await session.data(for: URLRequest(url: URL(string: "\(api.origin)/me")!))
        #expect(response.statusCode == 200)
        #expect(api.requests.map { $0.headers["authorization"] } == ["Bearer AT-1", "Bearer AT-2"])
        #expect(endpoint.refreshes == 1)
    }

    @Test func aTokenRefusedAgainAfterTheRefreshIsTheServersAnswer() async throws {
        let api = try LocalHTTPServer { _ in
            LocalHTTPServer.Response(status: 401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
        }
        let (_, response) = try await session().data(for: URLRequest(url: URL(string: "\(api.origin)/me")!))
        #expect(response.statusCode == 401)
        #expect(api.requests.count == 2)
        #expect(endpoint.refreshes == 1)
    }

    /// Hardening 3, item 7: an API that refuses every token for reasons of its own cost one
    /// refresh per call (and, with rotation, one new refresh token per call).
    @Test func anAPIThatAlwaysSaysInvalidTokenCostsOneRefreshNotOnePerCall() async throws {
        let api = try LocalHTTPServer { _ in
            LocalHTTPServer.Response(status: 401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
        }
        let session = try await session()
        for _ in 0..<5 {
            let (_, response) = try await session.data(for: URLRequest(url: URL(string: "\(api.origin)/me")!))
            #expect(response.statusCode == 401)
        }
        #expect(endpoint.refreshes == 1)
        #expect(await session.refreshCount == 1)
        // Sent with AT-1, retried with AT-2; then each call once, with AT-2.
        #expect(api.requests.count == 6)
    }

    /// Issue 53, item 2: the one-refresh guard holds for a renewed token no resource accepted.
    /// One the resource took and refuses later (revoked, expired on the way) is renewed once
    /// more; before, every call ended 401 until it expired by the clock.
    @Test func aRenewedTokenTheResourceAcceptedIsRenewedAgainWhenRefusedLater() async throws {
        let refused = Mutex<Set<String>>(["Bearer AT-1"])
        let api = try LocalHTTPServer { request in
            guard refused.withLock({ $0.contains(request.headers["authorization"] ?? "") }) else { return .json("{}") }
            return LocalHTTPServer.Response(
                status: 401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
        }
        let session = try await session()
        let url = URL(string: "\(api.origin)/me")!
        #expect(try await session.data(for: URLRequest(url: url)).1.statusCode == 200)
        #expect(endpoint.refreshes == 1)
        // AT-2, renewed for a rejection and accepted since, is revoked: renewed once more.
        refused.withLock { _ = $0.insert("Bearer AT-2") }
        #expect(try await session.data(for: URLRequest(url: url)).1.statusCode == 200)
        #expect(endpoint.refreshes == 2)
        // AT-3 refused before it was ever accepted: the guard holds, one refresh and no more.
        refused.withLock { $0.formUnion(["Bearer AT-3", "Bearer AT-4", "Bearer AT-5"]) }
        for _ in 0..<3 { #expect(try await session.data(for: URLRequest(url: url)).1.statusCode == 401) }
        #expect(endpoint.refreshes == 3)
    }

    /// Hardening 3, item 7: requests that carried a revoked token come back one after another,
    /// some after the refresh it caused; those retry with the new token, they do not refresh
    /// again (20 requests cost 3 refreshes before).
    @Test func requestsAroundOneRevokedTokenShareOneRefresh() async throws {
        let api = try LocalHTTPServer { request in
            guard request.headers["authorization"] == "Bearer AT-1" else { return .json("{}") }
            // One connection at a time: the later 401s arrive after the refresh (0.2 s) is done.
            Thread.sleep(forTimeInterval: 0.03)
            return LocalHTTPServer.Response(
                status: 401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
        }
        let session = try await session()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await session.data(for: URLRequest(url: URL(string: "\(api.origin)/me")!)).1.statusCode
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 20))
        #expect(endpoint.refreshes == 1)
    }

    @Test func aRedirectComesBackAsItIsAndIsNotFollowed() async throws {
        let api = try LocalHTTPServer { request in
            request.path == "/me" ? .redirect(to: "/elsewhere") : .json("{}")
        }
        let (_, response) = try await session().data(for: URLRequest(url: URL(string: "\(api.origin)/me")!))
        #expect(response.statusCode == 302)
        #expect(api.requests(to: "/elsewhere").isEmpty)
    }

    @Test func noTokenGoesOverHTTPOffLoopback() async throws {
        let session = try await session()
        var request = URLRequest(url: URL(string: "http://api.example.com/me")!)
        do {
            try await session.authorize(&request)
            Issue.record("expected the http URL to be refused")
        } catch {
            #expect(error.kind == .insecureEndpoint)
        }
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    }

    /// Issue 53, H3: a path another party reads as another path never gets the token, whether
    /// the app calls `authorize`, `data(for:)` or the headers; the server sees no request. Seen
    /// failing before: libcurl sent `/me/../admin` as `/admin` with the Bearer token.
    @Test(arguments: ["/me/../admin", "/me/./x", "/me/%2e%2e/admin", "/me/..%2Fadmin", "/me%5cadmin"])
    func aDotSegmentOrAnEncodedSeparatorNeverCarriesTheToken(path: String) async throws {
        let api = try LocalHTTPServer { _ in .json("{}") }
        defer { api.stop() }
        let session = try await session()
        let url = try #require(URL(string: api.origin + path))
        var request = URLRequest(url: url)
        let authorized = await #expect(throws: OAuthError.self) { try await session.authorize(&request) }
        let sent = await #expect(throws: OAuthError.self) { _ = try await session.data(for: URLRequest(url: url)) }
        for error in [authorized, sent] {
            #expect(error?.kind == .resourceNotAllowed)
            #expect(error?.message.hasPrefix("expected a path without '.' or '..' segments") == true)
            #expect(error?.message.contains("AT-") == false)
        }
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(api.requests.isEmpty)
    }

    @Test func authorizeRefreshesAnExpiredTokenFirst() async throws {
        let session = try await session(expired: true)
        var request = URLRequest(url: URL(string: "https://api.example.com/me")!)
        try await session.authorize(&request)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer AT-2")
    }

    /// Hardening 4, item 6: two sessions on one store (an app and its widget, two agent
    /// processes) made 11 refreshes in 10 calls to an API that refuses every token; the mark of
    /// a refresh made for a refusal is in the store now, so both see it: one refresh in all.
    @Test func twoSessionsOnOneStoreShareTheRefreshForARefusal() async throws {
        let api = try LocalHTTPServer { _ in
            LocalHTTPServer.Response(status: 401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-refusal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sign-in.json").path
        var configuration = testConfiguration(kind: .oauth2)
        configuration.endpoints.token = URL(string: "\(tokenServer.origin)/token")!
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(allowInsecureLoopback: true))
        let first = OAuthSession(client: client, store: FileTokenStore(path: path))
        let second = OAuthSession(client: client, store: FileTokenStore(path: path))
        try await first.keep(
            .withoutIDToken(
                TokenSet(accessToken: "AT-1", expiresAt: Date(timeIntervalSinceNow: 3600), refreshToken: "RT-1")))
        for index in 0..<10 {
            let session = index.isMultiple(of: 2) ? first : second
            #expect(try await session.data(for: URLRequest(url: URL(string: "\(api.origin)/me")!)).1.statusCode == 401)
        }
        #expect(endpoint.refreshes == 1)
    }

    /// A client bound to a resource (RFC 8707, a provider pinned with `init --resource`) sends
    /// its token to that resource's origin only, unless the app names others.
    @Test func aClientBoundToAResourceSendsItsTokenThereOnly() async throws {
        var configuration = testConfiguration(kind: .oauth2)
        configuration.resource = URL(string: "https://api.example.com/v1")!
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(clientID: "c"))
        let session = OAuthSession(client: client)
        let elsewhere = await #expect(throws: OAuthError.self) {
            _ = try await session.validAuthorizationHeaders(
                method: "GET", url: URL(string: "https://evil.example.com/v1")!)
        }
        #expect(elsewhere?.kind == .resourceNotAllowed)
        // The resource's origin passes the check (and then needs a sign-in).
        let there = await #expect(throws: OAuthError.self) {
            _ = try await session.validAuthorizationHeaders(
                method: "GET", url: URL(string: "https://api.example.com/other")!)
        }
        #expect(there?.kind == .notSignedIn)
        // Origins the app names replace the default.
        let named = OAuthSession(client: client, allowedResourceOrigins: [URL(string: "https://evil.example.com")!])
        let allowed = await #expect(throws: OAuthError.self) {
            _ = try await named.validAuthorizationHeaders(
                method: "GET", url: URL(string: "https://evil.example.com/v1")!)
        }
        #expect(allowed?.kind == .notSignedIn)
    }
}
