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
