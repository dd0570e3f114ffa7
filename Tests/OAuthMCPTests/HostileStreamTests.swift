import Foundation
import MCP
@testable import OAuthMCP
@_spi(Testing) @testable import OAuthRuntime
@_spi(Testing) @testable import OAuthResources
import Testing
import TestSupport

/// Issue 53, H1 and H2: `ProtectedResourceTransport` against a hostile event-stream server on
/// 127.0.0.1 (real sockets; the sign-in at the real django-oauth-toolkit): every answer bounded
/// in size and in time, and the server's own stream never reopened in a tight loop.
@Suite(
    .enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct HostileStreamTests {
    func session(_ server: ScriptedMCPServer) throws -> ProtectedResourceSession {
        let provider = try DjangoProvider.instance()
        return ProtectedResourceSession(
            resource: server.endpoint,
            signIn: BrowserSignIn(
                client: .dynamic(clientName: "oauthgen hostile stream tests"),
                redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
                userAgent: LoopbackUserAgent(
                    browserCommand: [provider.python, provider.driver, "--username", "victor"], timeout: 30)),
            options: ClientOptions(allowInsecureLoopback: true))
    }

    func transport(
        _ server: ScriptedMCPServer, requestTimeout: TimeInterval = 3_600, maximumMessageSize: Int = 1 << 20
    ) throws -> ProtectedResourceTransport {
        try ProtectedResourceTransport(
            session: session(server), requestTimeout: requestTimeout, maximumMessageSize: maximumMessageSize)
    }

    /// The text of `add(2, 3)`'s result through a new client, or the error it ended with.
    func add(over transport: ProtectedResourceTransport) async throws -> String {
        try await Bounded.run(within: 90) {
            let client = Client(name: "oauthgen-tests", version: "1")
            do {
                _ = try await client.connect(transport: transport)
                let (content, _) = try await client.callTool(name: "add", arguments: ["a": .int(2), "b": .int(3)])
                await client.disconnect()
                guard case .text(let text, _, _)? = content.first else { return "no text: \(content)" }
                return text
            } catch {
                await client.disconnect()
                return "error: \(error)"
            }
        }
    }

    /// One `data:` line that never ends, and one event whose data lines never end in the empty
    /// line that dispatches it: each refused at the transport's maximum message size, the
    /// request ended. Seen failing before: one endless line took a client past 1 GiB in 7 s,
    /// and the call never returned. (How soon FoundationNetworking closes the connection after
    /// the cancellation is `ServerFetchStreamTests`' to hold.)
    @Test(arguments: [
        (ScriptedMCPServer.ToolCallAnswer.endlessLine, 64 << 10), (.endlessEvent, 64 << 10), (.endlessLine, 1 << 20),
    ])
    func anEndlessAnswerIsRefusedAtTheMaximumMessageSize(
        answer: ScriptedMCPServer.ToolCallAnswer, limit: Int
    )
        async throws
    {
        let provider = try DjangoProvider.instance()
        let server = try ScriptedMCPServer(issuer: provider.issuer, toolCalls: answer)
        defer { server.stop() }
        let outcome = try await add(over: transport(server, maximumMessageSize: limit))
        #expect(
            outcome.contains(
                "expected a response body of at most \(limit) bytes from the MCP server, found a larger one"),
            "\(outcome)")
    }

    /// A stream that numbers its event, asks for a `retry` of 23 days and ends without the
    /// response: the resumption waits 30 s at most, and the request ends at its 10 s deadline
    /// with a JSON-RPC error for its caller. Seen failing before: the transport slept past the bound.
    @Test func aHugeRetryEndsAtTheRequestsDeadline() async throws {
        let provider = try DjangoProvider.instance()
        let server = try ScriptedMCPServer(issuer: provider.issuer, toolCalls: .hugeRetry)
        defer { server.stop() }
        // Signed in first, with no deadline to speak of: the deadline covers a request's sign-in
        // too, and under the full suite the browser sign-in alone took longer than the bound
        // (the test saw `initialize` time out instead of `tools/call`).
        let session = try session(server)
        let warmUp = Client(name: "oauthgen-tests", version: "1")
        try await Bounded.run(within: 90) {
            _ = try await warmUp.connect(transport: try ProtectedResourceTransport(session: session))
            await warmUp.disconnect()
        }
        let outcome = try await add(over: ProtectedResourceTransport(session: session, requestTimeout: 10))
        #expect(
            outcome.contains("expected the MCP server to answer tools/call within 10 s, found no response by then"),
            "\(outcome)")
    }

    /// A server whose GET stream says `retry: 0` and ends at once, every time: reopened a second
    /// later at least, backing off, not in a loop. Seen failing before: the clean end reset the count and
    /// `retry: 0` reopened it at once. (The only sleep here is the window the GETs are counted in.)
    @Test func aServerStreamThatEndsAtOnceIsReopenedBackingOff() async throws {
        let provider = try DjangoProvider.instance()
        let server = try ScriptedMCPServer(issuer: provider.issuer, serverStream: .emptyWithRetryZero)
        defer { server.stop() }
        let transport = try transport(server)
        let client = Client(name: "oauthgen-tests", version: "1")
        try await Bounded.run(within: 90) { _ = try await client.connect(transport: transport) }
        try await Bounded.poll(for: .seconds(30)) {
            server.requests.contains { $0.method == "GET" && $0.path == "/mcp" }
        }
        let opened = ContinuousClock.now
        try await Task.sleep(for: .seconds(3.5))
        let gets = server.requests.filter { $0.method == "GET" && $0.path == "/mcp" }.count
        let window = ContinuousClock.now - opened
        await client.disconnect()
        // A stream a second at first, then fewer (4 were seen in 3.5 s, the first two a second
        // apart); a loaded machine sees fewer, never more. The loop made hundreds.
        #expect(gets >= 1 && gets <= 4 + Int(window.components.seconds / 4), "\(gets) GETs in \(window)")
    }
}
