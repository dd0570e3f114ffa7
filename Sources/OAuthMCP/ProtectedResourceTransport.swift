import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import MCP
@_spi(BuildingBlocks) import OAuthResources
@_spi(BuildingBlocks) import OAuthRuntime

/// An MCP client transport (streamable HTTP) over oauthgen's own HTTP layer and a
/// `ProtectedResourceSession`: the one to choose for an agent, on Linux and Apple platforms.
///
/// ```swift
/// let session = ProtectedResourceSession(
///     resource: serverURL,
///     signIn: BrowserSignIn(
///         client: .dynamic(clientName: "My Agent"),
///         redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
///         userAgent: LoopbackUserAgent()),
///     store: FileTokenStore(path: path))
/// let client = Client(name: "my-agent", version: "1.0")
/// _ = try await client.connect(transport: try ProtectedResourceTransport(session: session))
/// ```
///
/// Each message is one POST to the server through the session: the session's token on every
/// request — with a DPoP proof made for it when the tokens are bound —, discovery, registration
/// and sign-in on the first, a refresh on `invalid_token`, a step-up on `insufficient_scope`, the
/// cross-process store. An answer in server-sent events (`text/event-stream`, the default of the
/// Python, TypeScript and Go servers) is handed on event by event as it streams, on every
/// platform: a tool's progress notifications arrive before its result, and a tool that streams
/// for minutes is bounded by ``idleTimeout`` between two chunks, not by a whole-answer timeout.
/// A stream that drops before its response is resumed with `Last-Event-ID` where the server
/// numbers its events. Once the session is initialized, the server's own GET stream is opened
/// where it offers one, for the requests and notifications it sends unprompted. The server's
/// `Mcp-Session-Id` and the negotiated `MCP-Protocol-Version` go with every later request, and
/// the MCP session is ended with a DELETE on ``disconnect()``.
///
/// A redirect is never followed: a 3xx fails the send with `OAuthError/Kind/redirectRefused`,
/// naming where it pointed, and the token stays with the session's resource. The endpoint must
/// be on the resource's origin.
public actor ProtectedResourceTransport: Transport {
    /// The transport's log: request outcomes, never a token or a message body.
    public nonisolated let logger: Logger
    /// The session that signs in, keeps the tokens and sends the requests.
    public nonisolated let session: ProtectedResourceSession
    /// The MCP endpoint: the session's resource unless given.
    public nonisolated let endpoint: URL
    /// The server's `Mcp-Session-Id`, once its answer to `initialize` gave one.
    public private(set) var mcpSessionID: String?
    /// The protocol version the server chose in its answer to `initialize`.
    public internal(set) var protocolVersion: String?
    /// The longest silence between two chunks of a streamed answer, in seconds.
    public nonisolated let idleTimeout: TimeInterval
    /// The longest a request may take, its answer and every resumption of its stream included,
    /// in seconds; past it, the request's caller gets a JSON-RPC error, as for a 202.
    public nonisolated let requestTimeout: TimeInterval
    /// The most bytes one message may hold (a JSON answer, an event's data, a line of an event
    /// stream), and that a streamed answer may hold unread; past it the answer ends with
    /// `OAuthError/Kind/responseTooLarge` and its connection is closed.
    public nonisolated let maximumMessageSize: Int

    let messages: AsyncThrowingStream<Data, any Error>
    let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    var connected = false
    /// The server's GET stream, once opened.
    var serverStream: Task<Void, Never>?
    /// The answers resumed with `Last-Event-ID` after their stream dropped or was closed
    /// (diagnostics and tests).
    @_spi(Testing) public internal(set) var resumedStreams = 0

    /// A transport for `session`'s resource, or for `endpoint` on the same origin, whose requests
    /// each end within `requestTimeout` seconds, silent for `idleTimeout` at most between two
    /// chunks, with messages of `maximumMessageSize` bytes at most (1 MiB).
    ///
    /// - Throws: `OAuthError/Kind/resourceNotAllowed` for an endpoint on another origin than
    ///   the session's resource; `OAuthError/Kind/insecureEndpoint` for one that is not https
    ///   (http on the loopback address only when the session allows it);
    ///   `OAuthError/Kind/resourceNotAllowed` also for a path with a `.` or `..` segment or an
    ///   encoded `.`, `/` or `\`.
    public init(
        session: ProtectedResourceSession, endpoint: URL? = nil, idleTimeout: TimeInterval = 300,
        requestTimeout: TimeInterval = 3_600, maximumMessageSize: Int = 1 << 20, logger: Logger? = nil
    ) throws(OAuthError) {
        let endpoint = endpoint ?? session.resource
        try EndpointPolicy.requireSecure(
            endpoint, name: "MCP server", allowInsecureLoopback: session.allowInsecureLoopback)
        try EndpointPolicy.requireTokenPath(endpoint)
        guard URLOrigin(endpoint) == URLOrigin(session.resource) else {
            throw OAuthError.resourceNotAllowed(endpoint, allowed: URLOrigin(session.resource).map { [$0] } ?? [])
        }
        self.session = session
        self.endpoint = endpoint
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.maximumMessageSize = maximumMessageSize
        // The session's telemetry unless the app gave one: silent by default, not swift-log's
        // bootstrapped handler (standard output, where an MCP server over stdio speaks).
        self.logger = logger ?? session.telemetry.logger
        (messages, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    }

    /// Marks the transport ready; nothing is sent until the first message.
    public func connect() async throws {
        connected = true
    }

    /// Ends the MCP session at the server (a DELETE, when it gave a session ID) and the stream
    /// of received messages.
    public func disconnect() async {
        guard connected else { return }
        connected = false
        serverStream?.cancel()
        serverStream = nil
        if let mcpSessionID {
            var request = URLRequest(url: endpoint)
            request.httpMethod = "DELETE"
            request.setValue(mcpSessionID, forHTTPHeaderField: MCPHeader.sessionID)
            if let protocolVersion { request.setValue(protocolVersion, forHTTPHeaderField: MCPHeader.protocolVersion) }
            // Best effort, and once: a server that has forgotten the session, never ends
            // sessions (405) or refuses the token changes nothing here; no sign-in, refresh or
            // step-up is made for it (issue 45, G13: a refusal opened the browser).
            _ = try? await session.sendOnce(request)
            self.mcpSessionID = nil
        }
        continuation.finish()
    }

    /// POSTs one JSON-RPC message and delivers what the server answered to ``receive()``.
    ///
    /// A request not answered within ``requestTimeout`` is ended and its caller gets a JSON-RPC
    /// error saying so.
    ///
    /// - Throws: `OAuthError` for what the session throws (sign-in, refresh, step-up) and
    ///   for an answer that is not an MCP answer: a redirect (`OAuthError/Kind/redirectRefused`),
    ///   another status (`OAuthError/Kind/unexpectedResponse`, with the status), a body
    ///   that is neither JSON nor an event stream, or one over ``maximumMessageSize``
    ///   (`OAuthError/Kind/responseTooLarge`).
    public func send(_ data: Data) async throws {
        guard connected else {
            throw MCPError.internalError("expected a connected transport, found it not connected (call connect first)")
        }
        let method = Self.method(of: data)
        let requestID = method == nil ? nil : MCPAnswer.id(of: data)
        // An MCP client span (OpenTelemetry MCP semantic conventions), the parent of the session's
        // sign-in, refresh or step-up and of the HTTP request itself.
        let span = session.telemetry.startSpan(method ?? "MCP response", kind: .client)
        if let method { span.set(.mcpMethod, method) }
        defer { span.end() }
        let outcome: RequestDeadline.Outcome
        do {
            outcome = try await span.whileCurrent {
                try await RequestDeadline.run(within: requestTimeout) {
                    try await self.post(data, method: method, requestID: requestID)
                }
            }
        } catch {
            span.fail(error)
            throw error
        }
        guard outcome == .timedOut else { return }
        span.fail()
        span.set(.errorType, "timeout")
        logger.debug(
            "MCP request timed out", metadata: [OAuthTelemetryKey.mcpMethod.rawValue: "\(method ?? "response")"])
        if let requestID {
            continuation.yield(
                MCPAnswer.failure(
                    for: requestID,
                    "expected the MCP server to answer \(method ?? "the request") within \(Int(requestTimeout)) s, found no response by then"
                ))
        }
    }

    /// One POST of `data` and its answer, delivered.
    private func post(_ data: Data, method: String?, requestID: String?) async throws {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.httpBody = data
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
        if let mcpSessionID { request.setValue(mcpSessionID, forHTTPHeaderField: MCPHeader.sessionID) }
        if let protocolVersion { request.setValue(protocolVersion, forHTTPHeaderField: MCPHeader.protocolVersion) }

        let (response, body) = try await session.stream(
            for: request, idleTimeout: idleTimeout, bufferLimit: maximumMessageSize)
        if let given = response.value(forHTTPHeaderField: MCPHeader.sessionID), !given.isEmpty {
            mcpSessionID = given
        }
        logger.debug(
            "MCP answer",
            metadata: [
                OAuthTelemetryKey.mcpMethod.rawValue: "\(method ?? "response")",
                OAuthTelemetryKey.httpStatusCode.rawValue: "\(response.statusCode)",
            ])
        // A request's response must come in this answer or the stream it resumes to: the SDK's
        // client waits for it with no deadline of its own (issue 45, G6).
        switch response.statusCode {
        case 200 where response.mediaType == "text/event-stream":
            try await readEvents(body, answering: requestID, method: method)
        case 200:
            let whole = try await Self.collect(body, limit: maximumMessageSize)
            var answered = false
            for message in try MCPAnswer.messages(in: whole, mediaType: response.mediaType, status: response.statusCode)
            {
                if let requestID, MCPAnswer.isResponse(message, to: requestID) { answered = true }
                deliver(message, answering: method)
            }
            if let requestID, !answered {
                continuation.yield(
                    MCPAnswer.failure(
                        for: requestID,
                        "expected the MCP server's answer to \(method ?? "the request") to carry its response, found the answer ending without it"
                    ))
            }
            if method == "notifications/initialized" { openServerStream() }
        case 202:
            // A notification or a response the server accepted: nothing comes back. A request
            // must be answered with its response (MCP transports, "Sending Messages to the Server").
            if method == "notifications/initialized" { openServerStream() }
            if let requestID {
                continuation.yield(
                    MCPAnswer.failure(
                        for: requestID,
                        "expected the MCP server to answer \(method ?? "the request") with its response, found HTTP 202 Accepted, which answers notifications and responses only"
                    ))
            }
            return
        case 300..<400:
            throw OAuthError.redirectRefused(
                endpoint: "MCP server at \(endpoint.absoluteString)", status: response.statusCode,
                location: response.value(forHTTPHeaderField: "Location"))
        case 404 where mcpSessionID != nil && method != "initialize":
            // The server forgot the session (MCP transports: the client starts a new one).
            mcpSessionID = nil
            throw OAuthError(
                .unexpectedResponse,
                "expected the MCP server to know session \(Self.sessionLabel), found HTTP 404: it has ended the session; connect again to start a new one",
                httpStatus: 404)
        default:
            throw OAuthError(
                .unexpectedResponse,
                "expected an MCP answer from \(endpoint.absoluteString), found HTTP \(response.statusCode)\(response.mediaType.map { " with \($0)" } ?? "")",
                httpStatus: response.statusCode)
        }
    }

    /// The messages the server sent, in order.
    public nonisolated func receive() -> AsyncThrowingStream<Data, any Error> {
        messages
    }

    /// A session ID is the server's secret handle on the conversation: messages name no part of it.
    private static let sessionLabel = "(its Mcp-Session-Id)"

    /// The JSON-RPC method of an outgoing request or notification; `nil` for a response.
    static func method(of data: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["method"] as? String
    }
}
