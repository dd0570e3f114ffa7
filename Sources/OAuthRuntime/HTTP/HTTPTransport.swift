import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthFetch
internal import OAuthPolicy

extension HTTPRequest: CustomStringConvertible, CustomReflectable {
    /// The method, the URL without its query, the header names and the body's size: a request
    /// carries credentials (`Authorization`, `DPoP`, a code and its verifier in the body), which
    /// neither `print` nor `dump` shows.
    public var description: String {
        "HTTPRequest(\(method) \(HTTPMessageText.withoutQuery(url)), headers: [\(HTTPMessageText.names(headers))], body: \(body?.count ?? 0) bytes)"
    }

    /// Its description only.
    public var customMirror: Mirror { .redacted(self) }
}

extension HTTPResponse: CustomStringConvertible, CustomReflectable {
    /// The status, the media type and the body's size: a response carries tokens, which neither
    /// `print` nor `dump` shows.
    public var description: String {
        "HTTPResponse(\(status), \(mediaType ?? "no media type"), headers: [\(HTTPMessageText.names(headers))], body: \(body.count) bytes)"
    }

    /// Its description only.
    public var customMirror: Mirror { .redacted(self) }
}

/// Sends HTTP requests. The runtime's only way out to the network, so apps can route it
/// through their own stack and tests through a local server.
///
/// A transport must not follow redirects: it returns a 3xx response as it is. The runtime then
/// refuses it, so that no bearer token, client secret or code verifier goes to a host the
/// endpoint named, and no key or document is taken from one.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response as it arrived, a 3xx included: never follow redirects.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Sends `request`, returning once the head arrived, its body handed on as it streams (an
    /// MCP server's events), a 3xx included. A body silent for `idleTimeout` seconds between two
    /// chunks ends with an error, and one with more than `bufferLimit` bytes received and not yet
    /// read ends with ``ResponseTooLarge``, its connection closed.
    ///
    /// ``URLSessionTransport`` and `AsyncHTTPClientTransport` stream; the default sends the
    /// request with ``send(_:)`` and hands the answer on whole.
    func stream(
        _ request: HTTPRequest, idleTimeout: TimeInterval, bufferLimit: Int
    ) async throws
        -> HTTPStreamedResponse
}

extension HTTPTransport {
    /// Sends `request` to the endpoint `name`, with the runtime's error mapping: a redirect is
    /// refused whatever the transport did with it; the transport's own errors become
    /// ``OAuthError/Kind/network`` with the error as `underlyingError`, and a message that names
    /// the endpoint, never a body.
    public func send(_ request: HTTPRequest, to name: String) async throws(OAuthError) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try await send(request)
        } catch let error as OAuthError {
            throw error
        } catch is CancellationError {
            throw OAuthError.taskCancelled
        } catch let error as ResponseTooLarge {
            throw OAuthError.responseTooLarge(endpoint: name, limit: error.limit)
        } catch {
            throw OAuthError.network(endpoint: name, error)
        }
        if (300..<400).contains(response.status) {
            throw OAuthError.redirectRefused(
                endpoint: name, status: response.status, location: response.header("Location"))
        }
        return response
    }
}
