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

/// How an RFC 8252 client receives the authorization response: the one spelling of a redirect's
/// kind, from the build's checks to the generated code to the run time. The three usable cases'
/// raw values are the case names of the runtime's `RedirectURIKind`, which the generated code
/// writes and the runtime converts by raw value (a test holds the two to the same cases).
public enum RedirectKind: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// A private-use URI scheme (RFC 8252 §7.1), e.g. `com.example.app:/oauth2redirect`.
    case privateUseScheme
    /// An app-claimed `https` URI (RFC 8252 §7.2).
    case claimedHTTPS
    /// A loopback interface redirect (RFC 8252 §7.3), e.g. `http://127.0.0.1/callback`.
    case loopback
    /// None of the three: not usable by a native app.
    case invalid

    /// The kind's name, as RFC 8252 has it.
    public var description: String {
        switch self {
        case .privateUseScheme: "private-use URI scheme (RFC 8252 §7.1)"
        case .claimedHTTPS: "claimed https URI (RFC 8252 §7.2)"
        case .loopback: "loopback redirect (RFC 8252 §7.3)"
        case .invalid: "not usable by a native app"
        }
    }
}

/// A finding about one redirect URI, positioned by offset within the URI text.
public struct RedirectFinding: Sendable, Hashable {
    /// How bad the finding is: an error is refused by the build and the runtime alike.
    public enum Severity: String, Sendable, Hashable {
        /// Advice.
        case note
        /// Probably wrong; the build goes on.
        case warning
        /// Refused: the build fails and the runtime throws.
        case error
    }

    /// How bad it is.
    public var severity: Severity
    /// The rule, whose raw value is the build's rule ID.
    public var rule: RedirectRule
    /// What was expected and what was found.
    public var message: String
    /// The 0-based offset, in UTF-8 bytes, of the part of the URI the finding is about.
    public var offset: Int
}

/// The verdict on one redirect URI.
public struct RedirectReport: Sendable, Hashable {
    /// The URI as given.
    public var uri: String
    /// Its kind; `.invalid` when an error leaves it none.
    public var kind: RedirectKind
    /// The parsed URI, when it parses.
    public var parsed: ParsedRedirectURI?
    /// Everything the checker found, in the order of the URI.
    public var findings: [RedirectFinding]

    /// The first error, if any: what the runtime refuses the URI for.
    public var firstError: RedirectFinding? { findings.first { $0.severity == .error } }
}

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
