import Foundation
import TestSupport

/// An MCP server scripted over real sockets: a 401 naming its metadata, the provider as its
/// authorization server, and answers to `initialize`, `tools/call` and `DELETE` as streamable
/// HTTP gives them — or a 307 to `redirectTo` for every authorized request.
final class ScriptedMCPServer: Sendable {
    static let sessionID = "session-7f3a"
    static let protocolVersion = "2025-06-18"
    let server: LocalHTTPServer

    var endpoint: URL { URL(string: server.origin + "/mcp")! }
    var requests: [LocalHTTPServer.Request] { server.requests }

    /// How `tools/call` is answered: with its sum, with a bare 202, or with a stream that ends
    /// after a progress notification and without the response; or as a hostile server would
    /// (issue 53): one `data:` line that never ends, an event whose data lines never end in the
    /// empty line that dispatches it, or an event ID and a `retry` of 23 days, then the end of
    /// the stream without the response.
    enum ToolCallAnswer: Sendable { case sum, accepted, streamWithoutResponse, endlessLine, endlessEvent, hugeRetry }

    /// How the GET that opens the server's own stream is answered: not offered (202), or with
    /// `retry: 0` and an empty stream that ends at once, every time.
    enum ServerStreamAnswer: Sendable { case notOffered, emptyWithRetryZero }

    /// - Parameter refusesDelete: the session's `DELETE` is answered 401 `invalid_token`, the
    ///   answer that makes a request renew its token and go again.
    init(
        issuer: String, redirectTo: String? = nil, toolCalls: ToolCallAnswer = .sum, refusesDelete: Bool = false,
        serverStream: ServerStreamAnswer = .notOffered
    ) throws {
        server = try LocalHTTPServer { request in
            let origin = "http://" + (request.headers["host"] ?? "")
            if request.path == "/.well-known/oauth-protected-resource/mcp" {
                return .json(
                    #"{"resource": "\#(origin)/mcp", "authorization_servers": ["\#(issuer)"], "scopes_supported": ["read"]}"#
                )
            }
            guard request.path == "/mcp" else { return .notFound }
            guard request.headers["authorization"] != nil else {
                return LocalHTTPServer.Response(
                    status: 401,
                    headers: [
                        "WWW-Authenticate":
                            #"Bearer resource_metadata="\#(origin)/.well-known/oauth-protected-resource/mcp""#
                    ])
            }
            if let redirectTo { return .redirect(to: redirectTo, status: 307) }
            if request.method == "DELETE" {
                guard refusesDelete else { return LocalHTTPServer.Response(status: 200) }
                return LocalHTTPServer.Response(
                    status: 401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
            }
            if request.method == "GET", serverStream == .emptyWithRetryZero {
                return LocalHTTPServer.Response(
                    status: 200, headers: ["Content-Type": "text/event-stream"], body: Data("retry: 0\n\n".utf8))
            }
            let message = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
            guard let id = message["id"] else { return LocalHTTPServer.Response(status: 202) }
            let idText = id is String ? "\"\(id)\"" : "\(id)"
            let result: String
            switch message["method"] as? String {
            case "initialize":
                result =
                    #"{"protocolVersion": "\#(ScriptedMCPServer.protocolVersion)", "capabilities": {"tools": {}}, "serverInfo": {"name": "scripted", "version": "1"}}"#
            case "tools/call" where toolCalls == .accepted:
                return LocalHTTPServer.Response(status: 202)
            case "tools/call" where toolCalls == .endlessLine:
                return Self.endless(head: "event: message\ndata: ", repeating: String(repeating: "x", count: 4_096))
            case "tools/call" where toolCalls == .endlessEvent:
                return Self.endless(
                    head: "event: message\n", repeating: "data: " + String(repeating: "y", count: 4_096) + "\n")
            case "tools/call" where toolCalls == .hugeRetry:
                return LocalHTTPServer.Response(
                    status: 200, headers: ["Content-Type": "text/event-stream"],
                    body: Data("id: ev-1\nretry: 2000000000\n\n".utf8))
            case "tools/call" where toolCalls == .streamWithoutResponse:
                let progress =
                    #"{"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 1, "progress": 0.5}}"#
                return LocalHTTPServer.Response(
                    status: 200,
                    headers: ["Content-Type": "text/event-stream", "Mcp-Session-Id": ScriptedMCPServer.sessionID],
                    body: Data("event: message\r\ndata: \(progress)\r\n\r\n".utf8))
            case "tools/call":
                let arguments = (message["params"] as? [String: Any])?["arguments"] as? [String: Any] ?? [:]
                let sum = (arguments["a"] as? Int ?? 0) + (arguments["b"] as? Int ?? 0)
                result = #"{"content": [{"type": "text", "text": "\#(sum)"}], "isError": false}"#
            default:
                result = "{}"
            }
            let event =
                "event: message\r\ndata: {\"jsonrpc\": \"2.0\", \"id\": \(idText), \"result\": \(result)}\r\n\r\n"
            return LocalHTTPServer.Response(
                status: 200,
                headers: ["Content-Type": "text/event-stream", "Mcp-Session-Id": ScriptedMCPServer.sessionID],
                body: Data(event.utf8))
        }
    }

    /// An event-stream answer that sends `head`, then `piece` over and over until the client
    /// closes the connection.
    static func endless(head: String, repeating piece: String) -> LocalHTTPServer.Response {
        LocalHTTPServer.Response(
            status: 200, headers: ["Content-Type": "text/event-stream"], body: Data(head.utf8),
            stall: .repeating(Data(piece.utf8)))
    }

    static func method(of body: Data) -> String? {
        ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["method"] as? String
    }

    func stop() { server.stop() }
}
