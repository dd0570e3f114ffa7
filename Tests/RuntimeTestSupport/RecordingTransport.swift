import Foundation
import OAuthRuntime

/// The real transport, noting every request it sends and what came back: for tests of what a
/// session asks of which server.
public final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: `log` is only read and written under `lock`; `inner` is Sendable.
    private let inner = URLSessionTransport()
    private let lock = NSLock()
    private var log: [(request: HTTPRequest, response: HTTPResponse?)] = []

    /// A transport that has sent nothing yet.
    public init() {}

    /// Every request's URL, in order.
    public var urls: [URL] { lock.withLock { log.map(\.request.url) } }

    /// Every request sent and its response (nil where it failed or is under way), in order.
    public var exchanges: [(request: HTTPRequest, response: HTTPResponse?)] { lock.withLock { log } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let index = lock.withLock {
            log.append((request, nil))
            return log.count - 1
        }
        let response = try await inner.send(request)
        lock.withLock { log[index].response = response }
        return response
    }
}
