import Foundation
internal import OAuthPolicy

/// How a native app receives the authorization response (RFC 8252 §7). The build's checks
/// classify a URI with the same cases (by raw value), and the generated code writes them.
public enum RedirectURIKind: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// A private-use URI scheme, reverse domain name based (§7.1): `com.example.app:/oauth2redirect`.
    case privateUseScheme
    /// A claimed https URI (§7.2): a universal link or app link.
    case claimedHTTPS
    /// A loopback interface redirect (§7.3): `http://127.0.0.1/callback`, on any port.
    case loopback

    /// The kind's name, as in RFC 8252.
    public var description: String { RedirectKind(rawValue: rawValue)?.description ?? rawValue }
}
