import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) import OAuthRuntime

@_spi(BuildingBlocks) import OAuthResources
// The server's own stream (MCP transports, "Listening for Messages from the Server"): a GET the
// client opens once the session is initialized, on which the server sends the requests and
// notifications no POST asked for. A server that offers none answers 405; a stream that ends or
// drops is opened again, resuming after its last event where the server numbers them.
extension ProtectedResourceTransport {
    /// How long the server's stream may be silent: a day, since it carries only what the server
    /// decides to send, and it is opened again after.
    static let serverStreamIdleTimeout: TimeInterval = 86_400

    /// Opens the server's stream, once per connection.
    func openServerStream() {
        guard serverStream == nil, connected else { return }
        serverStream = Task { [weak self] in await self?.listenToServer() }
    }

    /// Reads the server's stream until the transport disconnects; three failures in a row, or a
    /// server that offers no stream, end it. Between two streams the client waits as
    /// ``ReconnectDelay`` says: at least a second, longer after each stream that brought nothing.
    func listenToServer() async {
        var lastEventID = ""
        var failures = 0
        var delay = ReconnectDelay()
        while connected, !Task.isCancelled {
            var request = streamRequest()
            if !lastEventID.isEmpty { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
            var delivered = false
            do {
                let (response, body) = try await session.stream(
                    for: request, idleTimeout: Self.serverStreamIdleTimeout, bufferLimit: maximumMessageSize)
                guard response.statusCode == 200, response.mediaType == "text/event-stream" else {
                    logger.debug("MCP server stream not offered", metadata: ["status": "\(response.statusCode)"])
                    return
                }
                failures = 0
                var parser = ServerSentEvents(lastEventID: lastEventID, maximumSize: maximumMessageSize)
                for try await chunk in body {
                    for event in try parser.consume(chunk) where event.type == "message" && !event.data.isEmpty {
                        delivered = true
                        continuation.yield(Data(event.data.utf8))
                    }
                    lastEventID = parser.lastEventID
                    delay.retry = parser.retry ?? delay.retry
                }
            } catch {
                failures += 1
                logger.debug("MCP server stream dropped", metadata: ["failures": "\(failures)"])
                if failures >= 3 { return }
            }
            delay.streamEnded(delivered: delivered)
            try? await Task.sleep(for: .milliseconds(delay.milliseconds))
        }
    }

    /// A JSON answer's body, whole: at most `limit` bytes (the transport's maximum message size).
    static func collect(_ body: AsyncThrowingStream<Data, any Error>, limit: Int) async throws -> Data {
        var whole = Data()
        do {
            for try await chunk in body {
                whole.append(chunk)
                if whole.count > limit {
                    throw OAuthError.responseTooLarge(endpoint: "MCP server", limit: limit)
                }
            }
        } catch {
            throw streamFailure(error)
        }
        return whole
    }
}
