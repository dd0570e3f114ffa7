import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) import OAuthRuntime

// A request whose answer streams (an MCP server's events): the same loop as `data(for:)` (a
// renewal on `invalid_token`, a step-up, a DPoP nonce), but the answer is handed on once its head
// arrives and its body read as it comes, bounded by an idle timeout instead of a whole-answer one.
extension ProtectedResourceSession {
    /// Sends `request` to the resource and returns its answer's head and body as it streams, with
    /// at most `bufferLimit` bytes received and not yet read (over it the body ends with
    /// `OAuthError/Kind/responseTooLarge`).
    ///
    /// A refused answer (401, 403) is decided on its head alone, its body dropped. A transport
    /// that cannot stream (an app's own `HTTPTransport`) hands the answer on whole, as one chunk.
    package func stream(
        for request: URLRequest, idleTimeout: TimeInterval, bufferLimit: Int
    ) async throws(OAuthError) -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        guard let url = request.url else {
            throw OAuthError(.invalidRequest, "expected a request with a URL, found none")
        }
        try await requireWithinResource(url)
        let outgoing = HTTPRequest(
            method: request.httpMethod ?? "GET", url: url, headers: request.allHTTPHeaderFields ?? [:],
            body: request.httpBody)
        do {
            let session = try await signedInSession()
            // The client's transport, which reports each request as `data(for:)`'s do.
            let transport = session.client.transport
            return try await session.exchange(
                method: outgoing.method, url: url,
                send: { headers in
                    var authorized = outgoing
                    for (name, value) in headers.fields { authorized.headers[name] = value }
                    let streamed = try await transport.stream(
                        authorized, idleTimeout: idleTimeout, bufferLimit: bufferLimit)
                    guard
                        let http = HTTPURLResponse(
                            url: url, statusCode: streamed.status, httpVersion: "HTTP/1.1",
                            headerFields: streamed.headers)
                    else {
                        throw OAuthError.unexpectedResponse(
                            status: streamed.status, contentType: nil, endpoint: "resource server")
                    }
                    return ((http, streamed.body), ResourceRefusal(http))
                },
                stepUp: { refusal async throws(OAuthError) -> Bool in try await self.stepUp(for: refusal) })
        } catch let error as OAuthError {
            throw await metadataMayBeStale(after: error)
        } catch is CancellationError {
            throw OAuthError.taskCancelled
        } catch {
            throw OAuthError.network(endpoint: "resource server", error)
        }
    }
}
