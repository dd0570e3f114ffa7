import Foundation

/// Where an issuer publishes its metadata.
public enum DiscoveryLocation {
    /// OpenID Connect Discovery 1.0 §4: `/.well-known/openid-configuration` appended to the issuer.
    public static func openIDConfiguration(forIssuer issuer: URL) -> URL? {
        guard var components = URLComponents(url: issuer, resolvingAgainstBaseURL: false) else { return nil }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        components.path = path + "/.well-known/openid-configuration"
        return components.url
    }

    /// RFC 8414 §3: the well-known path is inserted between the host and the issuer's path
    /// (`https://as.example.com/tenant1` → `https://as.example.com/.well-known/oauth-authorization-server/tenant1`).
    public static func authorizationServerMetadata(forIssuer issuer: URL) -> URL? {
        guard var components = URLComponents(url: issuer, resolvingAgainstBaseURL: false) else { return nil }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        components.path = "/.well-known/oauth-authorization-server" + path
        return components.url
    }
}
