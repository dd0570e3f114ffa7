/// A redirect URI split into its RFC 3986 components, exactly as written (nothing normalized
/// except what comparisons need).
public struct ParsedRedirectURI: Sendable, Hashable {
    public var scheme: String
    /// Whether `//` follows the scheme (an authority is present, even if empty).
    public var hasAuthority: Bool
    public var userinfo: String?
    /// The host as written; an IP literal keeps its brackets (`[::1]`).
    public var host: String?
    /// The port digits as written, if any.
    public var port: String?
    public var path: String
    public var query: String?
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

/// How an RFC 8252 client receives the authorization response.
public enum RedirectKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A private-use URI scheme (RFC 8252 §7.1), e.g. `com.example.app:/oauth2redirect`.
    case privateUse
    /// An app-claimed `https` URI (RFC 8252 §7.2).
    case claimedHTTPS
    /// A loopback interface redirect (RFC 8252 §7.3), e.g. `http://127.0.0.1/callback`.
    case loopback
    /// None of the three: not usable by a native app.
    case invalid
}

/// A finding about one redirect URI, positioned by offset within the URI text.
public struct RedirectFinding: Sendable, Hashable {
    /// How bad the finding is: an error is refused by the build and the runtime alike.
    public enum Severity: String, Sendable, Hashable {
        case note, warning, error
    }

    public var severity: Severity
    /// The rule, whose raw value is the build's rule ID.
    public var rule: RedirectRule
    public var message: String
    /// The 0-based offset, in UTF-8 bytes, of the part of the URI the finding is about.
    public var offset: Int
}

/// The verdict on one redirect URI.
public struct RedirectReport: Sendable, Hashable {
    public var uri: String
    public var kind: RedirectKind
    /// The parsed URI, when it parses.
    public var parsed: ParsedRedirectURI?
    public var findings: [RedirectFinding]

    /// The first error, if any: what the runtime refuses the URI for.
    public var firstError: RedirectFinding? { findings.first { $0.severity == .error } }
}

/// The rules the checker applies; each raw value is the rule ID the build reports it under.
public enum RedirectRule: String, Sendable, Hashable, CaseIterable {
    case syntax = "redirect-syntax"
    case notAbsolute = "redirect-not-absolute"
    case fragment = "redirect-fragment"
    case wildcard = "redirect-wildcard"
    case port = "redirect-port"
    case credentials = "redirect-credentials"
    case reservedScheme = "redirect-reserved-scheme"
    case schemeNoPeriod = "redirect-scheme-no-period"
    case schemeForwardOrder = "redirect-scheme-forward-order"
    case schemeDoubleSlash = "redirect-scheme-double-slash"
    case httpsNoHost = "redirect-https-no-host"
    case httpNotLoopback = "redirect-http-not-loopback"
    case localhost = "redirect-localhost"
    case fixedPort = "redirect-fixed-port"
}
