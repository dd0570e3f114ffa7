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
