/// A redirect URI split into its RFC 3986 components, exactly as written (nothing normalized
/// except what comparisons need).
public struct ParsedRedirectURI: Sendable, Hashable {
    /// The scheme as written.
    public var scheme: String
    /// Whether `//` follows the scheme (an authority is present, even if empty).
    public var hasAuthority: Bool
    /// `user:password` before `@`, which a redirect URI must not have.
    public var userinfo: String?
    /// The host as written; an IP literal keeps its brackets (`[::1]`).
    public var host: String?
    /// The port digits as written, if any.
    public var port: String?
    /// The path as written, possibly empty.
    public var path: String
    /// The query without its `?`.
    public var query: String?
    /// The fragment without its `#`, which a redirect URI must not have.
    public var fragment: String?

    /// The URI with the port removed: RFC 8252 §7.3 loopback redirects match at any port.
    public var withoutPort: String {
        var text = scheme.lowercased() + ":"
        if hasAuthority {
            text += "//"
            if let userinfo { text += userinfo + "@" }
            text += host?.lowercased() ?? ""
        }
        text += path
        if let query { text += "?" + query }
        return text
    }
}
