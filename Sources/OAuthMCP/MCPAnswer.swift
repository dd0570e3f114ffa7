import Foundation
import OAuthRuntime

/// The JSON-RPC messages in the body of an MCP server's 200 answer to a POST (MCP transports,
/// "Sending Messages to the Server"): one JSON message, or a `text/event-stream` whose `message`
/// events each carry one.
enum MCPAnswer {
    /// The messages, in order.
    ///
    /// - Throws: `OAuthError/Kind/unexpectedResponse` for another media type, or an event
    ///   stream that carries no message.
    static func messages(in body: Data, mediaType: String?, status: Int) throws(OAuthError) -> [Data] {
        switch mediaType {
        case "application/json":
            return [body]
        case "text/event-stream":
            var parser = ServerSentEvents()
            let events: [ServerSentEvents.Event]
            do {
                events = try parser.consume(body)
            } catch {
                throw OAuthError.responseTooLarge(endpoint: "MCP server", limit: error.limit)
            }
            parser.finish()
            // Events of other types (and `message` events with no data) carry no JSON-RPC message.
            return events.filter { $0.type == "message" && !$0.data.isEmpty }.map { Data($0.data.utf8) }
        default:
            throw OAuthError(
                .unexpectedResponse,
                "expected the MCP server to answer with application/json or text/event-stream, found \(mediaType ?? "no media type")",
                httpStatus: status)
        }
    }

    /// A JSON-RPC message's `id`, as JSON text (`7`, `"a"`), so ids compare as the wire has them;
    /// `nil` when it has none.
    static func id(of message: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any], let id = object["id"],
            !(id is NSNull),
            let text = try? JSONSerialization.data(withJSONObject: [id])
        else { return nil }
        return String(decoding: text.dropFirst().dropLast(), as: UTF8.self)
    }

    /// Whether `message` is a response (a result or an error) to the request whose id is `id`.
    static func isResponse(_ message: Data, to id: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any], object["method"] == nil
        else { return false }
        return Self.id(of: message) == id && (object["result"] != nil || object["error"] != nil)
    }

    /// A JSON-RPC error response (code -32603, internal error: JSON-RPC 2.0 §5.1) to the request
    /// `id`, for a request the server left unanswered: the caller's wait ends at once. The
    /// message goes in `data.detail` too, where the MCP Swift SDK reads an internal error's.
    static func failure(for id: String, _ message: String) -> Data {
        let text = String(
            decoding: (try? JSONSerialization.data(withJSONObject: [message])) ?? Data(#"["no response"]"#.utf8),
            as: UTF8.self)
        let quoted = text.dropFirst().dropLast()
        return Data(
            #"{"jsonrpc": "2.0", "id": \#(id), "error": {"code": -32603, "message": \#(quoted), "data": {"detail": \#(quoted)}}}"#
                .utf8)
    }

    /// `result.protocolVersion` of a JSON-RPC response to `initialize`.
    static func protocolVersion(inInitializeResult message: Data) -> String? {
        let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any]
        return (object?["result"] as? [String: Any])?["protocolVersion"] as? String
    }
}
