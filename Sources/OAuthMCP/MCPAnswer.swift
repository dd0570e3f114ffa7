import Foundation
import OAuthRuntime

/// The JSON-RPC messages in the body of an MCP server's 200 answer to a POST (MCP transports,
/// "Sending Messages to the Server"): one JSON message, or a `text/event-stream` whose `message`
/// events each carry one.
enum MCPAnswer {
    /// The messages, in order.
    ///
    /// - Throws: ``OAuthError/Kind/unexpectedResponse`` for another media type, or an event
    ///   stream that carries no message.
    static func messages(in body: Data, mediaType: String?, status: Int) throws(OAuthError) -> [Data] {
        switch mediaType {
        case "application/json":
            return [body]
        case "text/event-stream":
            var parser = ServerSentEvents()
            let events = parser.consume(body)
            parser.finish()
            // Events of other types (and `message` events with no data) carry no JSON-RPC message.
            return events.filter { $0.type == "message" && !$0.data.isEmpty }.map { Data($0.data.utf8) }
        default:
            throw OAuthError(.unexpectedResponse, "expected the MCP server to answer with application/json or text/event-stream, found \(mediaType ?? "no media type")", httpStatus: status)
        }
    }

    /// `result.protocolVersion` of a JSON-RPC response to `initialize`.
    static func protocolVersion(inInitializeResult message: Data) -> String? {
        let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any]
        return (object?["result"] as? [String: Any])?["protocolVersion"] as? String
    }
}
