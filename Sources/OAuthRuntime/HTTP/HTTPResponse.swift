import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthFetch
internal import OAuthPolicy

/// An HTTP response.
public struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields as received.
    public var headers: [String: String]
    /// The body, at most 1 MiB from `URLSessionTransport`.
    public var body: Data

    /// A response with its parts.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A header by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The media type without parameters, lowercased (`application/json`).
    public var mediaType: String? {
        header("Content-Type")?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }
}
