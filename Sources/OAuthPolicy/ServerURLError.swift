/// Why a string is not a `ServerURL`, and the UTF-8 offset where that shows.
public struct ServerURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong; `description` says it as "expected …".
    public enum Reason: Sendable, Hashable {
        /// No scheme and `:` at the start.
        case notAbsolute
        /// The scheme has a character RFC 3986 §3.1 does not allow.
        case invalidScheme
        /// A scheme other than `https` or `http`, lowercased.
        case unsupportedScheme(String)
        /// No `//` after the scheme.
        case missingAuthority
        /// A user name or password before the host.
        case userInfo
        /// Nothing between `//` and the port or path.
        case missingHost
        /// A character that is not allowed in a host name or IP literal.
        case invalidHost
        /// A port that is not a number from 0 to 65535.
        case invalidPort
        /// A character RFC 3986 does not allow in a path or query.
        case invalidCharacter
        /// A `%` not followed by two hexadecimal digits.
        case invalidPercentEncoding
        /// A `#` fragment, which server URLs must not have.
        case fragment
    }

    /// What was wrong.
    public var reason: Reason
    /// UTF-8 offset into the parsed text.
    public var offset: Int

    /// An error for `reason` at the UTF-8 `offset`.
    public init(_ reason: Reason, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// What was expected, in the words of a diagnostic.
    public var description: String {
        switch reason {
        case .notAbsolute: "expected an absolute URL starting with https://"
        case .invalidScheme: "expected a scheme of letters, digits, '+', '-' or '.'"
        case .unsupportedScheme(let scheme):
            "expected https (or http on a loopback address), found the scheme '\(scheme)'"
        case .missingAuthority: "expected '//' and a host after the scheme"
        case .userInfo: "expected no user name or password before the host"
        case .missingHost: "expected a host after '//'"
        case .invalidHost: "expected a host name or a bracketed IPv6 address"
        case .invalidPort: "expected a port from 0 to 65535"
        case .invalidCharacter: "expected only characters RFC 3986 allows in a URL (others percent-encoded)"
        case .invalidPercentEncoding: "expected '%' followed by two hexadecimal digits"
        case .fragment: "expected no fragment ('#') in a server URL (RFC 6749 §3.1)"
        }
    }
}
