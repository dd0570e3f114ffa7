import Foundation

/// Which URLs the runtime will send credentials to.
enum Endpoint {
    /// https always; http only on a loopback literal (or `localhost`) and only when the caller
    /// allowed it, for local development servers.
    static func requireSecure(_ url: URL, name: String, allowInsecureLoopback: Bool) throws(OAuthError) {
        switch url.scheme?.lowercased() {
        case "https":
            guard let host = url.host, !host.isEmpty else { throw OAuthError.insecureEndpoint(name: name, url: url.absoluteString) }
        case "http" where allowInsecureLoopback && isLoopback(url):
            break
        default:
            throw OAuthError.insecureEndpoint(name: name, url: url.absoluteString)
        }
    }

    static func isLoopback(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        return host == "127.0.0.1" || host == "::1" || host == "[::1]" || host == "localhost"
    }
}
