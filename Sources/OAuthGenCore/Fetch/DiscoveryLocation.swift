import Foundation
import OAuthPolicy

/// Where an issuer publishes its metadata, by `OAuthPolicy`'s rule (the runtime's too).
public enum DiscoveryLocation {
    /// OpenID Connect Discovery 1.0 §4: `/.well-known/openid-configuration` appended to the issuer.
    public static func openIDConfiguration(forIssuer issuer: URL) -> URL? {
        (try? ServerURL(parsing: issuer.absoluteString)).flatMap { URL(string: WellKnownLocation.openIDConfiguration(forIssuer: $0)) }
    }

    /// RFC 8414 §3: the well-known path is inserted between the host and the issuer's path.
    public static func authorizationServerMetadata(forIssuer issuer: URL) -> URL? {
        (try? ServerURL(parsing: issuer.absoluteString)).flatMap { URL(string: WellKnownLocation.authorizationServerMetadata(forIssuer: $0)) }
    }
}
