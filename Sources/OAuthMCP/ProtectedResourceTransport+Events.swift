import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MCP
@_spi(BuildingBlocks) import OAuthRuntime

@_spi(BuildingBlocks) import OAuthResources
// Answers as they stream: each JSON-RPC message of a `text/event-stream` body is handed on the
// moment its event is complete (a tool's progress before its result), and a stream that drops
// before the request's response is resumed from its last event ID (MCP transports,
// "Resumability and Redelivery").
extension ProtectedResourceTransport {
    /// How many times a dropped stream is resumed before the request fails.
    static let resumptions = 3

    /// Reads the events of `body` as they arrive, handing on each message; resumes the stream with
    /// `Last-Event-ID` when it drops before the response to `requestID` came.
    func readEvents(
        _ body: AsyncThrowingStream<Data, any Error>, answering requestID: String?, method: String?
    ) async throws {
        var body = body
        var parser = ServerSentEvents(maximumSize: maximumMessageSize)
        var answered = false
        var resumed = 0
        while true {
            var failure: (any Error)?
            do {
                for try await chunk in body {
                    for event in try parser.consume(chunk) where event.type == "message" && !event.data.isEmpty {
                        let message = Data(event.data.utf8)
                        if let requestID, MCPAnswer.isResponse(message, to: requestID) { answered = true }
                        deliver(message, answering: method)
                    }
                }
                parser.finish()
            } catch let error as ServerSentEvents.TooLarge {
                // Refused, not resumed: the server would send the same event again.
                throw OAuthError.responseTooLarge(endpoint: "MCP server", limit: error.limit)
            } catch {
                failure = error
            }
            // A stream that drops, or that the server closes before the response (to be polled
            // for, SEP-1699), is resumed where the server numbered its events; else it fails.
            guard requestID != nil, !answered else { break }
            guard !parser.lastEventID.isEmpty, resumed < Self.resumptions, !Task.isCancelled else {
                if let failure { throw Self.streamFailure(failure) }
                break
            }
            do {
                resumed += 1
                resumedStreams += 1
                logger.debug("MCP stream resumed", metadata: ["attempt": "\(resumed)"])
                // `retry` is at most 30 s, and the request's deadline ends this sleep too.
                try await Task.sleep(for: .milliseconds(parser.retry ?? 500))
                body = try await resume(from: parser.lastEventID)
                parser = ServerSentEvents(lastEventID: parser.lastEventID, maximumSize: maximumMessageSize)
            } catch {
                throw Self.streamFailure(error)
            }
        }
        if let requestID, !answered {
            continuation.yield(
                MCPAnswer.failure(
                    for: requestID,
                    "expected the MCP server's answer to \(method ?? "the request") to carry its response, found the answer ending without it"
                ))
        }
    }

    /// A GET for the events after `lastEventID` (the server replays them on a new stream).
    func resume(from lastEventID: String) async throws -> AsyncThrowingStream<Data, any Error> {
        var request = streamRequest()
        request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID")
        let (response, body) = try await session.stream(
            for: request, idleTimeout: idleTimeout, bufferLimit: maximumMessageSize)
        guard response.statusCode == 200, response.mediaType == "text/event-stream" else {
            throw OAuthError(
                .unexpectedResponse,
                "expected the MCP server to resume its stream after event \(lastEventID), found HTTP \(response.statusCode)",
                httpStatus: response.statusCode)
        }
        return body
    }

    /// A GET for the server's event stream, with the session's ID and protocol version.
    func streamRequest() -> URLRequest {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "GET"
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        if let mcpSessionID { request.setValue(mcpSessionID, forHTTPHeaderField: MCPHeader.sessionID) }
        if let protocolVersion { request.setValue(protocolVersion, forHTTPHeaderField: MCPHeader.protocolVersion) }
        return request
    }

    /// Hands `message` on, noting the protocol version an `initialize` answer carries.
    func deliver(_ message: Data, answering method: String?) {
        if method == "initialize", let version = MCPAnswer.protocolVersion(inInitializeResult: message) {
            protocolVersion = version
        }
        continuation.yield(message)
    }

    /// A body's failure as the runtime reports one: an idle timeout names its wait.
    static func streamFailure(_ error: any Error) -> any Error {
        switch error {
        case let error as OAuthError: error
        case let error as ResponseTooLarge: OAuthError.responseTooLarge(endpoint: "MCP server", limit: error.limit)
        case is CancellationError: OAuthError.taskCancelled
        default: OAuthError.network(endpoint: "MCP server", error)
        }
    }
}
