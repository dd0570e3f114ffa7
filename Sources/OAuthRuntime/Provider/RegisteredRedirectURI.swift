import Foundation
internal import OAuthPolicy

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
        guard let kind = RedirectURIKind(rawValue: report.kind.rawValue) else {
            throw OAuthError.invalidConfiguration(
                "expected a private-use, claimed https or loopback redirect URI (RFC 8252 §7), found \(text)")
        }
        self.kind = kind
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
