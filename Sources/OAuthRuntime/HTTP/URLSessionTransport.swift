import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthFetch
internal import OAuthPolicy

/// `URLSession`, without caching, cookies or redirects: token responses must never be cached
/// (RFC 6749 §5.1), no cookie jar should outlive a sign-in, and credentials never follow a
/// redirect. Bodies over 1 MiB are refused while they stream.
public struct URLSessionTransport: HTTPTransport {
    private let fetch: ServerFetch

    /// A transport whose requests time out after `timeout` seconds.
    public init(timeout: TimeInterval = 30) {
        self.fetch = ServerFetch(timeout: timeout)
    }

    /// Sends `request` through `URLSession`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        do {
            let response = try await fetch.send(urlRequest)
            return HTTPResponse(status: response.status, headers: response.headers, body: response.body)
        } catch .cancelled {
            throw CancellationError()
        } catch .bodyTooLarge(let limit) {
            throw ResponseTooLarge(limit: limit)
        } catch .transport(let error) {
            throw error
        }
    }
}

extension URLSessionTransport {
    /// Streams `request`'s answer through `URLSession`: the head within the transport's timeout,
    /// then chunks as they arrive, each within `idleTimeout` seconds of the last, with at most
    /// `bufferLimit` bytes waiting for the reader.
    public func stream(
        _ request: HTTPRequest, idleTimeout: TimeInterval, bufferLimit: Int
    ) async throws -> HTTPStreamedResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        do {
            let response = try await fetch.stream(urlRequest, idleTimeout: idleTimeout, bufferLimit: bufferLimit)
            return HTTPStreamedResponse(
                status: response.status, headers: response.headers,
                body: Self.mapped(response.body, bufferLimit: bufferLimit))
        } catch .cancelled {
            throw CancellationError()
        } catch .bodyTooLarge(let limit) {
            throw ResponseTooLarge(limit: limit)
        } catch .transport(let error) {
            throw error
        }
    }
}

extension URLSessionTransport {
    /// `body` with its failures as `send`'s: a `URLError` (an idle timeout, the network),
    /// ``ResponseTooLarge``, or `CancellationError`. The relay holds at most `bufferLimit` bytes
    /// its reader has not taken, as the fetch does (issue 53, H1): past it, the body ends with
    /// ``ResponseTooLarge`` and the request is cancelled. The fetch keeps the idle bound itself.
    static func mapped(
        _ body: AsyncThrowingStream<Data, any Error>, bufferLimit: Int
    ) -> AsyncThrowingStream<Data, any Error> {
        StreamRelay.relay(
            bufferLimit: bufferLimit,
            failure: { error in
                switch error as? ServerFetch.Failure {
                case .cancelled?: CancellationError()
                case .bodyTooLarge(let limit)?: ResponseTooLarge(limit: limit)
                case .transport(let error)?: error
                case nil: error
                }
            },
            produce: { deliver in
                // Leaving the loop drops the original stream, which ends the request.
                for try await chunk in body {
                    guard deliver(chunk) else { return }
                }
            })
    }
}
