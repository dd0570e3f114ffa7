/// The rules the checker applies; each raw value is the rule ID the build reports it under.
public enum RedirectRule: String, Sendable, Hashable, CaseIterable {
    /// A character, scheme or percent-encoding RFC 3986 does not allow.
    case syntax = "redirect-syntax"
    /// A relative reference where an absolute URI belongs.
    case notAbsolute = "redirect-not-absolute"
    /// A fragment (RFC 6749 §3.1.2).
    case fragment = "redirect-fragment"
    /// A `*`: servers match redirect URIs exactly.
    case wildcard = "redirect-wildcard"
    /// A port that is not a number from 1 to 65535.
    case port = "redirect-port"
    /// `user:password@` in the authority.
    case credentials = "redirect-credentials"
    /// A registered or well-known scheme, or the retired out-of-band URN.
    case reservedScheme = "redirect-reserved-scheme"
    /// A private-use scheme that is no reverse domain name (RFC 8252 §8.4).
    case schemeNoPeriod = "redirect-scheme-no-period"
    /// A private-use scheme that reads as a forward-order domain.
    case schemeForwardOrder = "redirect-scheme-forward-order"
    /// `//` after a private-use scheme (RFC 8252 §7.1 shows one slash).
    case schemeDoubleSlash = "redirect-scheme-double-slash"
    /// No slash at all after a private-use scheme (`com.example.app:callback`): iOS 26's
    /// `ASWebAuthenticationSession` never delivers the callback (openid/AppAuth-iOS #929, #937;
    /// curityio/openid-client-ios-appauth #4).
    case schemeRootless = "redirect-scheme-rootless"
    /// A claimed https URI without a host.
    case httpsNoHost = "redirect-https-no-host"
    /// A claimed https URI on a host no app can claim: `localhost` or an IP address.
    case httpsNotClaimable = "redirect-https-not-claimable"
    /// http on a host other than the loopback literals (RFC 8252 §7.3).
    case httpNotLoopback = "redirect-http-not-loopback"
    /// `localhost` instead of a loopback literal (RFC 8252 §8.3).
    case localhost = "redirect-localhost"
    /// A fixed port on a loopback redirect, which matches at any port.
    case fixedPort = "redirect-fixed-port"
}
