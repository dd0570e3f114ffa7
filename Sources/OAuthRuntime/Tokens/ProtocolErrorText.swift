import Foundation

package enum ProtocolErrorText {
    /// A short excerpt for a message, `limit` characters at most (a token type URI needs about
    /// 60); `OAuthError.description` escapes it.
    package static func clip(_ text: String, limit: Int = 40) -> String { String(text.prefix(limit)) }
}
