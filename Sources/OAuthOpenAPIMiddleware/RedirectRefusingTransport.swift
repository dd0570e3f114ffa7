import Foundation
import HTTPTypes
@_spi(BuildingBlocks) import OAuthRuntime
import OpenAPIRuntime

/// A `ClientTransport` for an OpenAPI client whose requests carry a token: it sends through the
/// runtime's `OAuthRuntime/HTTPTransport` (by default `URLSession` without caching, cookies or
/// redirects), so a 3xx comes back to the generated client as the server sent it and nothing is
/// re-sent to the `Location` it names.
///
/// A `URLSession`-based transport of your own follows redirects: to another origin, to plain
/// http, with the `Authorization` header the middleware added. Use this one with
/// ``OAuthMiddleware``, or give yours a delegate that refuses redirects.
///
/// ```swift
/// let server = try Servers.Server1.url()
/// let client = Client(serverURL: server, transport: RedirectRefusingTransport(),
///                     middlewares: [OAuthMiddleware(session: session, serverURL: server)])
/// ```
///
/// Request bodies are collected (up to `maximumRequestBodySize`) and responses read up to the
/// transport's limit (1 MiB for the runtime's `URLSessionTransport`); for large uploads or
/// streamed downloads use a transport built for them and configured not to follow redirects.
public struct RedirectRefusingTransport: ClientTransport {
    /// Where the requests go out.
    public let transport: any OAuthRuntime.HTTPTransport
    /// The largest request body sent, in bytes.
    public let maximumRequestBodySize: Int

    /// A transport over `transport`, the runtime's `URLSession` transport by default; it must not
    /// follow redirects (`OAuthRuntime/HTTPTransport`'s contract).
    public init(
        _ transport: any OAuthRuntime.HTTPTransport = URLSessionTransport(), maximumRequestBodySize: Int = 4 << 20
    ) {
        self.transport = transport
        self.maximumRequestBodySize = maximumRequestBodySize
    }

    /// Sends the request as it is and returns the response as it arrived, a 3xx included.
    public func send(
        _ request: HTTPTypes.HTTPRequest, body: HTTPBody?, baseURL: URL,
        operationID: String
    ) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?) {
        guard let url = OAuthMiddleware<DiscoveredProvider>.url(of: request, baseURL: baseURL) else {
            throw OAuthError(
                .invalidRequest,
                "expected a request URL from \(baseURL.absoluteString) and the request's path, found none")
        }
        var headers: [String: String] = [:]
        for field in request.headerFields {
            // Repeated fields are one list (RFC 9110 §5.3).
            headers[field.name.canonicalName] =
                headers[field.name.canonicalName].map { "\($0), \(field.value)" } ?? field.value
        }
        var data: Data?
        if let body { data = try await Data(collecting: body, upTo: maximumRequestBodySize) }
        let response = try await transport.send(
            OAuthRuntime.HTTPRequest(method: request.method.rawValue, url: url, headers: headers, body: data))
        var fields = HTTPFields()
        for (name, value) in response.headers {
            guard let field = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: field, value: value))
        }
        return (
            HTTPTypes.HTTPResponse(status: .init(code: response.status), headerFields: fields), HTTPBody(response.body)
        )
    }
}
