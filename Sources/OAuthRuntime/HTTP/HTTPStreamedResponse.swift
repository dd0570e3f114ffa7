import Foundation

/// A response whose body streams: its head as soon as it arrives, its bytes as they come
/// (``HTTPTransport/stream(_:idleTimeout:bufferLimit:)``).
public struct HTTPStreamedResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The header fields.
    public var headers: [String: String]
    /// The body's bytes as they arrive; dropping it ends the request.
    public var body: AsyncThrowingStream<Data, any Error>

    /// A response with its parts.
    public init(status: Int, headers: [String: String], body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
