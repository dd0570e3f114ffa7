import Foundation

enum ProtocolErrorText {
    /// A short excerpt for a message; `OAuthError.description` escapes it.
    static func clip(_ text: String) -> String { String(text.prefix(40)) }
}
