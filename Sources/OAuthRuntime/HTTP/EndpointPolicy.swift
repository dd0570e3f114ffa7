import Foundation
internal import OAuthPolicy

/// Which URLs the runtime will send credentials to; public so tools on the runtime apply the
/// same rule to what they fetch before a client exists (an issuer's discovery document).
///
/// The rule itself lives in `OAuthPolicy`, which the generator links too: a URL the build
/// accepts is one the runtime accepts.
@_spi(BuildingBlocks)
public enum EndpointPolicy {
    /// https always; http only on a loopback IP literal and only when the caller allowed it, for
    /// local development servers. `localhost` is not enough: the name can resolve elsewhere.
    /// The URL must also be strictly valid (RFC 3986), as the build requires.
    public static func requireSecure(_ url: URL, name: String, allowInsecureLoopback: Bool) throws(OAuthError) {
        let parsed: ServerURL
        do {
            parsed = try ServerURL(parsing: url.absoluteString)
        } catch {
            if case .unsupportedScheme = error.reason {
                throw OAuthError.insecureEndpoint(name: name, url: url.absoluteString)
            }
            throw OAuthError.invalidConfiguration(
                "expected the \(name) to be a valid URL, found \(url.absoluteString): \(error)")
        }
        switch EndpointRule.verdict(for: parsed) {
        case .secure: return
        case .insecureLoopback where allowInsecureLoopback: return
        case .insecureLoopback, .refused: throw OAuthError.insecureEndpoint(name: name, url: url.absoluteString)
        }
    }

    /// 127.0.0.1 or [::1].
    static func isLoopbackLiteral(_ url: URL) -> Bool {
        url.host.map { LoopbackHost.isIPLiteral($0.lowercased()) } ?? false
    }

    /// A loopback redirect in the sense of RFC 8252 §7.3 and §8.3: the literals, or `localhost`,
    /// which servers match the same way (at any port).
    static func isLoopbackRedirect(_ url: URL) -> Bool {
        isLoopbackLiteral(url) || url.host?.lowercased() == "localhost"
    }

    /// Refuses a URL whose path another party may read as another path (a `.` or `..`
    /// segment, an encoded `.`, `/` or `\`: `TokenDestinationPath`), before a token is made
    /// for it or a prefix is compared.
    package static func requireTokenPath(_ url: URL) throws(OAuthError) {
        // The path as written: Foundation's `path` decodes escapes, and `absoluteString` keeps them.
        let pathAndQuery = (try? ServerURL(parsing: url.absoluteString))?.pathAndQuery ?? url.absoluteString
        guard let refusal = TokenDestinationPath.refusal(in: pathAndQuery) else { return }
        throw OAuthError(
            .resourceNotAllowed,
            "expected a path without '.' or '..' segments or an encoded '.', '/' or '\\', found \(refusal) in \(HTTPMessageText.withoutQuery(url)); a server may read it as another path, so its access token is not sent there"
        )
    }
}
