import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthFetch
internal import OAuthPolicy

/// What an HTTP message's description may show.
package enum HTTPMessageText {
    static func names(_ headers: [String: String]) -> String {
        headers.keys.sorted().map { TerminalText.escaping($0) }.joined(separator: ", ")
    }

    /// Scheme, host, port and path: a query can hold a code or a token (a callback, an
    /// `access_token` parameter), user information a password.
    package static func withoutQuery(_ url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<url>" }
        let port = components.port.map { ":\($0)" } ?? ""
        let text =
            "\(components.scheme ?? "")://\(components.percentEncodedHost ?? "")\(port)\(components.percentEncodedPath)"
        return TerminalText.escaping(text + (components.percentEncodedQuery == nil ? "" : "?…"))
    }
}
