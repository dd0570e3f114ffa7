import Foundation

/// A scope string, for providers without generated scope constants.
public struct ScopeValue: OAuthScope {
    /// The scope as sent.
    public let rawValue: String

    /// A scope from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
