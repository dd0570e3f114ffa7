import Foundation
import OAuthRuntime

/// The real transport, noting the URL of every request it sends: for tests of what a session
/// asks of which server.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: `sent` is only read and written under `lock`; `inner` is Sendable.
    private let inner = URLSessionTransport()
    private let lock = NSLock()
    private var sent: [URL] = []

    /// Every request's URL, in order.
    var urls: [URL] { lock.withLock { sent } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { sent.append(request.url) }
        return try await inner.send(request)
    }
}
