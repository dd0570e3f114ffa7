import Foundation

/// A response whose body streams: its head as soon as it arrives, its bytes as they come.
package struct HTTPStreamedResponse: Sendable {
    /// The HTTP status code.
    package var status: Int
    /// The header fields.
    package var headers: [String: String]
    /// The body's bytes as they arrive; dropping it ends the request.
    package var body: AsyncThrowingStream<Data, any Error>

    package init(status: Int, headers: [String: String], body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A transport that can hand on a body as it streams (an MCP server's events), bounded by an idle
/// timeout rather than a whole-answer one. As ``HTTPTransport``: no redirect is followed.
package protocol HTTPStreamingTransport: HTTPTransport {
    /// Sends `request`, returning once the head arrived; a body silent for `idleTimeout` seconds
    /// between two chunks ends with an error, and one with more than `bufferLimit` bytes received
    /// and not yet read ends with ``ResponseTooLarge``, its connection closed.
    func stream(
        _ request: HTTPRequest, idleTimeout: TimeInterval, bufferLimit: Int
    ) async throws
        -> HTTPStreamedResponse
}
