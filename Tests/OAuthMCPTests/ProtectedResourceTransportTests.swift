import Foundation
import MCP
@testable import OAuthMCP
@_spi(Testing) @testable import OAuthRuntime
@_spi(Testing) @testable import OAuthResources
import Testing
import TestSupport

/// `ProtectedResourceTransport`: the MCP Swift SDK's client over oauthgen's HTTP layer, against
/// the Python SDK's MCP server at its defaults (server-sent events) and in JSON mode, and
/// against a scripted MCP server (real sockets) for the headers, a redirect and the session's end.
@Suite(
    .enabled("needs django-oauth-toolkit and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() },
    .serialized)
struct ProtectedResourceTransportTests {
    static let redirect = try! RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!)

    func session(
        _ resource: URL, username: String, store: any TokenStore = MemoryTokenStore()
    ) throws -> ProtectedResourceSession {
        let provider = try DjangoProvider.instance()
        return ProtectedResourceSession(
            resource: resource,
            signIn: BrowserSignIn(
                client: .dynamic(clientName: "oauthgen MCP transport tests"), redirectURI: Self.redirect,
                userAgent: LoopbackUserAgent(
                    browserCommand: [provider.python, provider.driver, "--username", username], timeout: 30)),
            store: store,
            options: ClientOptions(allowInsecureLoopback: true))
    }

    /// `add(a, b)` through a new client on `transport`, bounded so a transport that waits for
    /// an answer it cannot read fails the test instead of hanging it.
    func add(_ a: Int, _ b: Int, over transport: ProtectedResourceTransport) async throws -> String {
        try await Bounded.run(within: 90) {
            let client = Client(name: "oauthgen-tests", version: "1")
            _ = try await client.connect(transport: transport)
            let (content, isError) = try await client.callTool(name: "add", arguments: ["a": .int(a), "b": .int(b)])
            await client.disconnect()
            guard isError != true, case .text(let text, _, _)? = content.first else { return "error: \(content)" }
            return text
        }
    }

    @Test(arguments: [false, true])
    func aToolCallOnTheDefaultPythonServer(jsonResponses: Bool) async throws {
        let server = try MCPTestServer(provider: DjangoProvider.instance(), jsonResponses: jsonResponses)
        defer { server.stop() }
        let transport = try ProtectedResourceTransport(session: session(server.endpoint, username: "victor"))
        #expect(try await add(1, 2, over: transport) == "3")
        // The server's session ID and protocol version were taken up (and the session ended).
        #expect(await transport.protocolVersion != nil)
    }

    /// A scripted MCP server that signs in at the real provider: every POST carries the token,
    /// and after `initialize` the server's session ID and the negotiated version; the answer
    /// comes as server-sent events; `disconnect` ends the session with a DELETE.
    @Test func theSessionIDAndVersionGoWithEveryLaterRequest() async throws {
        let provider = try DjangoProvider.instance()
        let server = try ScriptedMCPServer(issuer: provider.issuer)
        defer { server.stop() }
        let transport = try ProtectedResourceTransport(session: session(server.endpoint, username: "victor"))
        #expect(try await add(2, 3, over: transport) == "5")
        let posts = server.requests.filter { $0.method == "POST" && $0.headers["authorization"] != nil }
        #expect(
            posts.map { ScriptedMCPServer.method(of: $0.body) } == [
                "initialize", "notifications/initialized", "tools/call",
            ])
        #expect(posts.first?.headers["mcp-session-id"] == nil)
        #expect(posts.dropFirst().allSatisfy { $0.headers["mcp-session-id"] == ScriptedMCPServer.sessionID })
        #expect(
            posts.dropFirst().allSatisfy { $0.headers["mcp-protocol-version"] == ScriptedMCPServer.protocolVersion })
        #expect(
            posts.allSatisfy {
                $0.headers["accept"] == "application/json, text/event-stream"
                    && $0.headers["authorization"]?.hasPrefix("Bearer ") == true
            })
        let delete = server.requests.last
        #expect(delete?.method == "DELETE")
        #expect(delete?.headers["mcp-session-id"] == ScriptedMCPServer.sessionID)
    }

    /// A request the server leaves unanswered (a 202, or a stream that ends without the response)
    /// fails at once with a JSON-RPC error for its id, instead of leaving the SDK's client waiting
    /// for good (issue 45, G6: seen hanging until the test's own 90 s bound before the change).
    /// Issue 45, G13: the `DELETE` that ends the MCP session is sent once, with the token the
    /// session has, whatever the server answers. Seen failing before: a 401 `invalid_token`
    /// went through the whole refusal loop, a refresh (or, without a refresh token, a browser
    /// sign-in), and the `DELETE` was sent a second time.
    @Test func theDisconnectDeleteIsSentOnceAndNeverRenews() async throws {
        let provider = try DjangoProvider.instance()
        let server = try ScriptedMCPServer(issuer: provider.issuer, refusesDelete: true)
        defer { server.stop() }
        let session = try session(server.endpoint, username: "victor")
        let transport = try ProtectedResourceTransport(session: session)
        #expect(try await add(2, 3, over: transport) == "5")
        #expect(server.requests.filter { $0.method == "DELETE" }.count == 1)
        #expect(try await session.oauthSession().refreshCount == 0)
    }

    @Test(arguments: [ScriptedMCPServer.ToolCallAnswer.accepted, .streamWithoutResponse])
    func anUnansweredRequestFailsAtOnce(answer: ScriptedMCPServer.ToolCallAnswer) async throws {
        let provider = try DjangoProvider.instance()
        let server = try ScriptedMCPServer(issuer: provider.issuer, toolCalls: answer)
        defer { server.stop() }
        let transport = try ProtectedResourceTransport(session: session(server.endpoint, username: "victor"))
        let error = await #expect(throws: MCPError.self) { _ = try await add(2, 3, over: transport) }
        let expected =
            answer == .accepted
            ? "expected the MCP server to answer tools/call with its response, found HTTP 202 Accepted, which answers notifications and responses only"
            : "expected the MCP server's answer to tools/call to carry its response, found the answer ending without it"
        #expect(error.map { "\($0)" }?.contains(expected) == true, "\(String(describing: error))")
    }

    /// A 307 from the MCP server (the trailing-slash mistake, or a hostile server) is refused,
    /// naming where it pointed, and the token never reaches the other origin.
    @Test func aRedirectIsRefusedAndTheTokenStays() async throws {
        let provider = try DjangoProvider.instance()
        let elsewhere = try LocalHTTPServer { _ in .json("{}") }
        defer { elsewhere.stop() }
        let server = try ScriptedMCPServer(issuer: provider.issuer, redirectTo: elsewhere.origin + "/mcp/")
        defer { server.stop() }
        let transport = try ProtectedResourceTransport(session: session(server.endpoint, username: "victor"))
        let outcome = try await Bounded.run(within: 90) { () -> OAuthError? in
            do {
                _ = try await Client(name: "oauthgen-tests", version: "1").connect(transport: transport)
                return nil
            } catch {
                return error as? OAuthError
            }
        }
        #expect(outcome?.kind == .redirectRefused)
        #expect(
            outcome?.message.contains(
                "found HTTP 307 redirecting to \(elsewhere.origin)/mcp/; redirects are never followed") == true,
            "\(outcome?.message ?? "")")
        #expect(elsewhere.requests.isEmpty)
    }

    /// Another origin than the session's resource is refused before anything is sent.
    @Test func anEndpointOnAnotherOriginIsRefused() throws {
        let session = ProtectedResourceSession(
            resource: URL(string: "https://mcp.example.com/mcp")!,
            signIn: BrowserSignIn(
                client: .preregistered("app"), redirectURI: Self.redirect,
                userAgent: LoopbackUserAgent()))
        let error = #expect(throws: OAuthError.self) {
            try ProtectedResourceTransport(session: session, endpoint: URL(string: "https://evil.example.com/mcp")!)
        }
        #expect(error?.kind == .resourceNotAllowed)
    }
}
