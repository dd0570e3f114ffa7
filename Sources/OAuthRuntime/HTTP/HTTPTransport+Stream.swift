import Foundation

extension HTTPTransport {
    /// Sends `request` and hands its answer on whole, as one chunk: what a transport that cannot
    /// stream does (an app's own, a test's). The body is the transport's own bounded read; one
    /// larger than `bufferLimit` ends with ``ResponseTooLarge``, as a streamed one would.
    public func stream(
        _ request: HTTPRequest, idleTimeout: TimeInterval, bufferLimit: Int
    ) async throws -> HTTPStreamedResponse {
        let response = try await send(request)
        guard response.body.count <= bufferLimit else { throw ResponseTooLarge(limit: bufferLimit) }
        return HTTPStreamedResponse(
            status: response.status, headers: response.headers,
            body: AsyncThrowingStream {
                $0.yield(response.body)
                $0.finish()
            })
    }
}
