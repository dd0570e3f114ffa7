#if AsyncHTTPClient
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import OAuthRuntime

/// The one AsyncHTTPClient every ``AsyncHTTPClientTransport`` of the process sends through,
/// so they share its connections, and what turns the runtime's requests and answers into its.
enum SharedHTTPClient {
    /// Never shut down: it lives as long as the process, as `URLSession.shared` does.
    static let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)

    /// What the client is made with (its own copy is not visible outside AsyncHTTPClient).
    static let configuration: HTTPClient.Configuration = {
        var configuration = HTTPClient.Configuration(
            // A 3xx comes back as itself: the runtime refuses it (HTTPTransport's contract).
            redirectConfiguration: .disallow,
            // Each request's own deadline bounds it; the connection's is the pool's default.
            timeout: .init(connect: .seconds(10)),
            decompression: .disabled)
        // A refused connection fails its request at once, as URLSession's does, rather than
        // being retried until the request's deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }()

    /// `request` as AsyncHTTPClient sends it.
    static func request(_ request: HTTPRequest) throws -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.replaceOrAdd(name: name, value: value) }
        // URLSession names the program; AsyncHTTPClient names nothing, and some APIs (GitHub's)
        // refuse a request without it.
        if !outgoing.headers.contains(name: "User-Agent") {
            outgoing.headers.add(name: "User-Agent", value: "\(ProcessInfo.processInfo.processName) (oauthgen)")
        }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        return outgoing
    }

    /// The answer's fields, one value per name: repeated fields joined with ", " (RFC 9110
    /// §5.3), as URLSession reports them.
    static func fields(_ headers: HTTPHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in headers {
            if let key = fields.keys.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                fields[key, default: ""] += ", " + value
            } else {
                fields[name] = value
            }
        }
        return fields
    }
}
#endif
