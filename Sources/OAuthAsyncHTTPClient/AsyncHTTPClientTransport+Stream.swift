#if AsyncHTTPClient
import AsyncHTTPClient
import Foundation
import NIOCore
@_spi(BuildingBlocks) import OAuthRuntime
internal import OAuthFetch

extension AsyncHTTPClientTransport {
    /// Streams `request`'s answer: the head within the transport's timeout, then chunks as they
    /// arrive, each within `idleTimeout` seconds of the last, with at most `bufferLimit` bytes
    /// waiting for the reader. Between chunks the relay waits on the socket: no CPU.
    public func stream(
        _ request: HTTPRequest, idleTimeout: TimeInterval, bufferLimit: Int
    ) async throws -> HTTPStreamedResponse {
        let host = request.url.host
        let response = try await HTTPClientFailure.translated(host: host, timeout: timeout) {
            try await SharedHTTPClient.client.execute(
                try SharedHTTPClient.request(request), deadline: .now() + .seconds(Int64(timeout.rounded(.up))))
        }
        let body = StreamRelay.relay(
            bufferLimit: bufferLimit,
            idle: .init(seconds: idleTimeout, failure: FetchTimeout.silence(from: host, within: idleTimeout)),
            failure: { HTTPClientFailure.translate($0, host: host, timeout: idleTimeout) },
            produce: { deliver in
                // Leaving the loop drops the body's iterator, which cancels the request.
                for try await chunk in response.body {
                    guard deliver(Data(chunk.readableBytesView)) else { return }
                }
            })
        return HTTPStreamedResponse(
            status: Int(response.status.code), headers: SharedHTTPClient.fields(response.headers), body: body)
    }
}
#endif
