import Foundation
internal import OAuthPolicy

/// How a native app receives the authorization response (RFC 8252 §7).
public enum RedirectURIKind: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A private-use URI scheme, reverse domain name based (§7.1): `com.example.app:/oauth2redirect`.
    case privateUseScheme
    /// A claimed https URI (§7.2): a universal link or app link.
    case claimedHTTPS
    /// A loopback interface redirect (§7.3): `http://127.0.0.1/callback`, on any port.
    case loopback

    /// The kind's name, as in RFC 8252.
    public var description: String {
        switch self {
        case .privateUseScheme: "private-use URI scheme (RFC 8252 §7.1)"
        case .claimedHTTPS: "claimed https URI (RFC 8252 §7.2)"
        case .loopback: "loopback redirect (RFC 8252 §7.3)"
        }
    }
}

/// A redirect URI registered for a provider; generated providers have an enum of them, checked
/// against RFC 8252 at build time.
public protocol OAuthRedirectURI: Sendable, Hashable {
    /// The URI and its kind.
    var registered: RegisteredRedirectURI { get }
}

/// A redirect URI with its kind, as a user-agent receives it.
public struct RegisteredRedirectURI: OAuthRedirectURI, CustomStringConvertible {
    /// The URI as registered. A loopback URI has no port: the listener adds the one it binds.
    public let url: URL
    /// How the response reaches the app.
    public let kind: RedirectURIKind

    /// Itself.
    public var registered: RegisteredRedirectURI { self }

    /// A redirect URI whose kind follows from its form (RFC 8252 §7): `http` on 127.0.0.1 or
    /// [::1] is loopback (`localhost` too, though NOT RECOMMENDED), `https` is claimed, a
    /// reverse-domain scheme is private-use. Checked by the same classifier the build uses for
    /// quirk files, so a URI is refused here exactly when `oauthgen validate` would refuse it.
    public init(_ url: URL) throws(OAuthError) {
        let text = url.absoluteString
        let report = RedirectURIChecker.check(text)
        if let error = report.firstError {
            throw OAuthError.invalidConfiguration("redirect URI \(text): \(error.message)")
        }
        switch report.kind {
        case .loopback: kind = .loopback
        case .claimedHTTPS: kind = .claimedHTTPS
        case .privateUse: kind = .privateUseScheme
        case .invalid: throw OAuthError.invalidConfiguration("expected a private-use, claimed https or loopback redirect URI (RFC 8252 §7), found \(text)")
        }
        self.url = url
    }

    /// For generated code, whose URIs passed the same checks at build time.
    @_spi(Generated)
    public init(uncheckedURL url: URL, kind: RedirectURIKind) {
        self.url = url
        self.kind = kind
    }

    /// The URI.
    public var description: String { url.absoluteString }
}

/// The post-logout redirect URIs of a provider whose quirk file registers none: no value exists,
/// so `signOut(with:postLogoutRedirectURI:)` cannot be called, and `signOut()` ends the sign-in in
/// the app only. Add `postLogoutRedirectURIs` to the quirk file to sign out through the browser.
public enum NoPostLogoutRedirectURI: OAuthRedirectURI, CaseIterable {
    /// Never called: there is no value to call it on.
    public var registered: RegisteredRedirectURI {
        switch self {}
    }
}
