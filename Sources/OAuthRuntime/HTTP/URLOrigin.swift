import Foundation

/// A URL's origin (RFC 6454 §4): scheme and host lowercased, the scheme's default port filled in.
/// What decides where an access token may go: `https://api.example.com` and
/// `https://api.example.com:443` are one origin, `http://…`, another port or another host are not.
@_spi(BuildingBlocks)
public struct URLOrigin: Hashable, Sendable, CustomStringConvertible {
    /// `https` or `http`, lowercased.
    public let scheme: String
    /// The host, lowercased (an IPv6 literal without its brackets).
    public let host: String
    /// The port, the scheme's default (443, 80) when the URL names none.
    public let port: Int

    /// The origin of `url`; `nil` for a URL without a scheme or a host.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        guard let port = url.port ?? ["https": 443, "http": 80][scheme] else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// `scheme://host:port`.
    public var description: String {
        "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
