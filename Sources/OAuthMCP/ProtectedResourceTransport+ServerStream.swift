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
    /// server that offers no stream, end it.
    func listenToServer() async {
        var lastEventID = ""
        var failures = 0
        while connected, !Task.isCancelled {
            var request = streamRequest()
            if !lastEventID.isEmpty { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
            var retry = 1_000
            do {
                let (response, body) = try await session.stream(
                    for: request, idleTimeout: Self.serverStreamIdleTimeout)
                guard response.statusCode == 200, response.mediaType == "text/event-stream" else {
                    logger.debug("MCP server stream not offered", metadata: ["status": "\(response.statusCode)"])
                    return
                }
                failures = 0
                var parser = ServerSentEvents(lastEventID: lastEventID)
                for try await chunk in body {
                    for event in parser.consume(chunk) where event.type == "message" && !event.data.isEmpty {
                        continuation.yield(Data(event.data.utf8))
                    }
                    lastEventID = parser.lastEventID
                    retry = parser.retry ?? retry
                }
            } catch {
                failures += 1
                logger.debug("MCP server stream dropped", metadata: ["failures": "\(failures)"])
                if failures >= 3 { return }
            }
            try? await Task.sleep(for: .milliseconds(retry))
        }
    }

    /// A JSON answer's body, whole: at most 1 MiB, as the runtime reads any answer.
    static func collect(_ body: AsyncThrowingStream<Data, any Error>) async throws -> Data {
        var whole = Data()
        do {
            for try await chunk in body {
                whole.append(chunk)
                if whole.count > 1 << 20 {
                    throw OAuthError.responseTooLarge(endpoint: "MCP server", limit: 1 << 20)
                }
            }
        } catch {
            throw streamFailure(error)
        }
        return whole
    }
}
