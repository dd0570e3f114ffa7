import Foundation
import MCP
import OAuthMCP
@_spi(Testing) @testable import OAuthRuntime
@_spi(Testing) @testable import OAuthResources
import Testing
import TestSupport

/// The official MCP Swift SDK's client, through oauthgen: a real MCP server made with the Python
/// `mcp` SDK, protected by django-oauth-toolkit, found from its 401, registered with, signed in to
/// through the headless browser, and called.
@Suite(
    .enabled("needs django-oauth-toolkit and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() },
    .serialized)
struct ProtectedResourceAuthorizerTests {
    func session(
        _ server: MCPTestServer, store: any TokenStore = MemoryTokenStore(), browser: [String]
    ) -> ProtectedResourceSession {
        ProtectedResourceSession(
            resource: server.endpoint,
            signIn: BrowserSignIn(
                client: .dynamic(clientName: "oauthgen MCP tests"),
                redirectURI: try! RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
                userAgent: LoopbackUserAgent(browserCommand: browser, timeout: 30)),
            store: store,
            options: ClientOptions(allowInsecureLoopback: true))
    }

    /// The call, or a failure after 60 s: the SDK waits for an answer it cannot read forever
    /// (an SSE answer on Linux did, before the server was set to answer in JSON).
    func callAdd(_ authorizer: ProtectedResourceAuthorizer, endpoint: URL) async throws -> String {
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { try await self.callAddUnbounded(authorizer, endpoint: endpoint) }
            group.addTask {
                try await Task.sleep(for: .seconds(60))
                throw OAuthError(.timedOut, "expected the tool call to finish within 60 s, found it still waiting")
            }
            let first = try await group.next() ?? ""
            group.cancelAll()
            return first
        }
    }

    func callAddUnbounded(_ authorizer: ProtectedResourceAuthorizer, endpoint: URL) async throws -> String {
        let transport = HTTPClientTransport(endpoint: endpoint, streaming: false, authorizer: authorizer)
        let client = Client(name: "oauthgen-tests", version: "1")
        _ = try await client.connect(transport: transport)
        defer { Task { await client.disconnect() } }
        let (content, isError) = try await client.callTool(name: "add", arguments: ["a": 1, "b": 2])
        #expect(isError != true)
        guard case .text(let text, _, _)? = content.first else { return "" }
        return text
    }

    @Test func aToolCallSignsInThroughTheSession() async throws {
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider, jsonResponses: true)
        defer { server.stop() }
        let directory = try makeTestDirectory("oauthgen-mcp")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileTokenStore(path: directory.appendingPathComponent("sign-in.json").path)

        let first = ProtectedResourceAuthorizer(
            session: session(server, store: store, browser: [provider.python, provider.driver, "--username", "victor"]))
        #expect(try await callAdd(first, endpoint: server.endpoint) == "3")
        let registration = try #require(try await first.session.oauthSession().client.options.registration)
        #expect(registration.method == .dynamic)
        // Kept under the server, client and resource, not as the store's default sign-in.
        #expect(try await store.load() == nil)
        let account = ProtectedResourceSession.signInAccount(
            issuer: provider.issuer, clientID: registration.clientID, resource: server.endpoint.absoluteString)
        #expect(try await store.forAccount(account).load()?.owner?.resource == server.endpoint.absoluteString)

        // A second client on the same store: the registration and the sign-in are reused, and
        // the browser (a command that fails) never opens.
        let second = ProtectedResourceAuthorizer(session: session(server, store: store, browser: ["/bin/false"]))
        #expect(try await callAdd(second, endpoint: server.endpoint) == "3")
        #expect(try await second.session.oauthSession().client.clientID == registration.clientID)
        #expect(await second.session.registrationReused)
    }

    /// Hardening 4, item 10: the SDK swallows what `prepareAuthorization` throws. A refresh that
    /// failed there (the token endpoint unreachable) sent the request without a token, and the
    /// 401 that followed started an interactive sign-in, once per message. Now that 401 throws
    /// the refresh's failure and nothing opens.
    @Test func aFailedRefreshOpensNoBrowser() async throws {
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider, jsonResponses: true)
        defer { server.stop() }
        let directory = try makeTestDirectory("oauthgen-mcp")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileTokenStore(path: directory.appendingPathComponent("sign-in.json").path)
        let first = ProtectedResourceAuthorizer(
            session: session(server, store: store, browser: [provider.python, provider.driver, "--username", "victor"]))
        #expect(try await callAdd(first, endpoint: server.endpoint) == "3")

        // The stored access token has expired, and the token endpoint cannot be reached.
        let account = try #require(store.accounts().first { $0 != FileTokenStore.defaultAccount })
        var record = try #require(try await store.forAccount(account).load())
        record.tokens.expiresAt = Date(timeIntervalSinceNow: -60)
        try await store.forAccount(account).save(record)
        let opened = CountingUserAgent()
        let offline = ProtectedResourceAuthorizer(
            session: ProtectedResourceSession(
                resource: server.endpoint,
                signIn: BrowserSignIn(
                    client: .dynamic(clientName: "oauthgen MCP tests"),
                    redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
                    userAgent: opened),
                store: store,
                options: ClientOptions(transport: TokenEndpointDown(), allowInsecureLoopback: true)))
        let result = try? await callAdd(offline, endpoint: server.endpoint)
        let refreshes = try await offline.session.oauthSession().refreshCount
        #expect(result == nil, "\(String(describing: result)), refreshes \(refreshes)")
        #expect(opened.count == 0)
    }

    /// A token never goes to another server than the session's resource.
    @Test func anotherServerIsRefusedBeforeAnythingIsSent() throws {
        let authorizer = ProtectedResourceAuthorizer(
            session: ProtectedResourceSession(
                resource: URL(string: "https://mcp.example.com/mcp")!,
                signIn: BrowserSignIn(
                    client: .preregistered("app"),
                    redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
                    userAgent: LoopbackUserAgent())))
        let error = #expect(throws: OAuthError.self) {
            try authorizer.validateEndpointSecurity(for: URL(string: "https://evil.example.com/mcp")!)
        }
        #expect(error?.kind == .resourceNotAllowed)
        let insecure = #expect(throws: OAuthError.self) {
            try authorizer.validateEndpointSecurity(for: URL(string: "http://mcp.example.com/mcp")!)
        }
        #expect(insecure?.kind == .insecureEndpoint)
    }
}

/// The real transport, except that the token endpoint cannot be reached (the network is down
/// for it): a refresh fails as it would offline.
struct TokenEndpointDown: HTTPTransport {
    let inner = URLSessionTransport()

    func send(_ request: OAuthRuntime.HTTPRequest) async throws -> OAuthRuntime.HTTPResponse {
        if request.url.absoluteString.hasSuffix("/token/") { throw URLError(.notConnectedToInternet) }
        return try await inner.send(request)
    }
}

/// A user agent that counts what it is asked to show, and shows nothing.
final class CountingUserAgent: ExternalUserAgent, @unchecked Sendable {
    // @unchecked: `shown` is only read and written under `lock`.
    private let lock = NSLock()
    private var shown = 0

    var count: Int { lock.withLock { shown } }

    func accepts(_ kind: RedirectURIKind) -> Bool { true }

    func authorize(
        on redirectURI: RegisteredRedirectURI,
        request makeRequest: (URL) async throws(OAuthError) -> (url: URL, state: String)
    ) async throws(OAuthError) -> URL {
        lock.withLock { shown += 1 }
        throw OAuthError(.browserFailed, "expected no browser in this test, found a request to show")
    }
}
