/// Where an issuer publishes its metadata: one rule for `oauthgen fetch`, `oauthgen init --fetch`,
/// the runtime and `oauthgen-login`.
public enum WellKnownLocation {
    /// OpenID Connect Discovery 1.0 §4: `/.well-known/openid-configuration` appended to the
    /// issuer's path, after any trailing slash.
    public static func openIDConfiguration(forIssuer issuer: ServerURL) -> String {
        issuer.origin + trimmedPath(issuer) + "/.well-known/openid-configuration"
    }

    /// RFC 8414 §3: the well-known path goes between the host and the issuer's path
    /// (`https://as.example.com/tenant1` → `https://as.example.com/.well-known/oauth-authorization-server/tenant1`).
    public static func authorizationServerMetadata(forIssuer issuer: ServerURL) -> String {
        issuer.origin + "/.well-known/oauth-authorization-server" + trimmedPath(issuer)
    }

    /// The OpenID Connect document with the well-known path inserted as RFC 8414 §5 does
    /// (`https://as.example.com/.well-known/openid-configuration/tenant1`): the second place an
    /// MCP client looks for an issuer with a path.
    public static func openIDConfigurationInserted(forIssuer issuer: ServerURL) -> String {
        issuer.origin + "/.well-known/openid-configuration" + trimmedPath(issuer)
    }

    /// RFC 9728 §3.1: where a protected resource publishes its metadata, the well-known path
    /// inserted between the host and the resource identifier's path and query, a lone `/` after
    /// the host removed (`https://api.example.com/mcp` →
    /// `https://api.example.com/.well-known/oauth-protected-resource/mcp`).
    public static func protectedResourceMetadata(forResource resource: ServerURL) -> String {
        let rest =
            resource.pathAndQuery.hasPrefix("/?") || resource.pathAndQuery == "/"
            ? String(resource.pathAndQuery.dropFirst()) : resource.pathAndQuery
        return resource.origin + "/.well-known/oauth-protected-resource" + rest
    }

    /// ``openIDConfiguration(forIssuer:)-(ServerURL)`` for an issuer given as text; `nil` when it is
    /// not a server URL.
    public static func openIDConfiguration(forIssuer issuer: String) -> String? {
        (try? ServerURL(parsing: issuer)).map(openIDConfiguration(forIssuer:))
    }

    /// ``authorizationServerMetadata(forIssuer:)-(ServerURL)`` for an issuer given as text; `nil`
    /// when it is not a server URL.
    public static func authorizationServerMetadata(forIssuer issuer: String) -> String? {
        (try? ServerURL(parsing: issuer)).map(authorizationServerMetadata(forIssuer:))
    }

    /// The path without its query (an issuer has none, RFC 8414 §2) and without trailing slashes.
    private static func trimmedPath(_ issuer: ServerURL) -> String {
        var path = Substring(issuer.pathAndQuery.prefix { $0 != "?" })
        while path.hasSuffix("/") { path.removeLast() }
        return String(path)
    }
}

extension ServerURL {
    /// `scheme://host[:port]`.
    public var origin: String {
        "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }
}
