/// A scope value (RFC 6749 §3.3) with a typed constant per scope the provider is known to support.
///
/// Any string is still a valid scope, so providers' unlisted scopes remain usable:
/// `Google.Scope("https://www.googleapis.com/auth/drive.file")`.
public protocol OAuthScope: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
where RawValue == String {
    /// A scope from its string.
    init(rawValue: String)
}

extension OAuthScope {
    /// A scope from its string.
    public init(_ rawValue: String) {
        self.init(rawValue: rawValue)
    }

    /// A scope from a string literal, for scopes without a constant.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    public var description: String { rawValue }
}

extension Sequence where Element: OAuthScope {
    /// The `scope` parameter value: the raw values joined with the provider's separator.
    func joined(separator: String) -> String {
        map { $0.rawValue }.joined(separator: separator)
    }
}
