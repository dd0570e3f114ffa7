import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthFetch
internal import OAuthPolicy

/// An HTTP request as the runtime makes it.
public struct HTTPRequest: Sendable, Hashable {
    /// The HTTP method, e.g. `POST`.
    public var method: String
    /// The URL; its query never carries a token or code.
    public var url: URL
    /// Header fields.
    public var headers: [String: String]
    /// The body, for POST requests.
    public var body: Data?

    /// A request with its parts.
    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
