import Foundation

/// Which URLs the runtime will send credentials to; public so tools on the runtime apply the
/// same rule to what they fetch before a client exists (an issuer's discovery document).
public enum EndpointPolicy {
    /// https always; http only on a loopback IP literal and only when the caller allowed it, for
    /// local development servers. `localhost` is not enough: the name can resolve elsewhere.
    public static func requireSecure(_ url: URL, name: String, allowInsecureLoopback: Bool) throws(OAuthError) {
        switch url.scheme?.lowercased() {
        case "https":
            guard let host = url.host, !host.isEmpty else { throw OAuthError.insecureEndpoint(name: name, url: url.absoluteString) }
        case "http" where allowInsecureLoopback && isLoopbackLiteral(url):
            break
        default:
            throw OAuthError.insecureEndpoint(name: name, url: url.absoluteString)
        }
    }

    /// 127.0.0.1 or [::1].
    static func isLoopbackLiteral(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        return host == "127.0.0.1" || host == "::1" || host == "[::1]"
    }

    /// A loopback redirect in the sense of RFC 8252 §7.3 and §8.3: the literals, or `localhost`,
    /// which servers match the same way (at any port).
    static func isLoopbackRedirect(_ url: URL) -> Bool {
        isLoopbackLiteral(url) || url.host?.lowercased() == "localhost"
    }
}
