/// Which server URLs the runtime will talk to, and so which ones the build accepts: one rule in
/// one place (DESIGN.md §8), linked by both the generator and the runtime.
public enum EndpointRule {
    /// How a server URL stands against the rule.
    public enum Verdict: Sendable, Hashable {
        /// https with a host.
        case secure
        /// http on 127.0.0.1 or [::1]: only for a local development server, and only when the
        /// client is made with `allowInsecureLoopback: true`.
        case insecureLoopback
        /// Anything else, `http://localhost` included: the name can resolve to another interface.
        case refused
    }

    /// How `url` stands: secure, acceptable only for a local development server, or refused.
    public static func verdict(for url: ServerURL) -> Verdict {
        switch url.scheme {
        case "https": .secure
        case "http" where LoopbackHost.isIPLiteral(url.host): .insecureLoopback
        default: .refused
        }
    }
}

/// The loopback interface as RFC 8252 §7.3 and §8.3 name it.
public enum LoopbackHost {
    /// 127.0.0.1 or ::1 (with or without brackets): addresses, not names, so nothing can make
    /// them resolve elsewhere.
    public static func isIPLiteral(_ host: String) -> Bool {
        host == "127.0.0.1" || host == "[::1]" || host == "::1"
    }
}

/// Authorization request parameters (RFC 6749 §4.1.1, RFC 7636 §4.3, OIDC Core §3.1.2.1, RFC 9126, RFC 9449 §10)
/// that the client sets itself: a configuration that set them could send a second `redirect_uri`,
/// a fixed `state` or `response_type=token`, defeating the checks the client makes.
public enum ReservedParameters {
    /// The reserved authorization request parameter names, lowercased.
    public static let authorization: Set<String> = [
        "response_type", "client_id", "redirect_uri", "scope", "state", "nonce",
        "code_challenge", "code_challenge_method", "request", "request_uri", "response_mode",
        // RFC 9449 §10: the thumbprint of the key the code is bound to, the client's own.
        "dpop_jkt",
    ]

    /// Whether an extra authorization parameter would override one the client sets. Compared
    /// without case: a server that reads names loosely must not see a second `State`.
    public static func isReservedAuthorizationParameter(_ name: String) -> Bool {
        authorization.contains(name.lowercased())
    }

    /// The token request parameter names the client sets itself (RFC 6749 §4.1.3, §6, RFC 7636
    /// §4.5, RFC 8628 §3.4), lowercased: an extra one must not replace the code, the verifier,
    /// the grant or the client's credentials.
    public static let token: Set<String> = [
        "grant_type", "code", "redirect_uri", "code_verifier", "client_id", "client_secret", "client_assertion",
        "client_assertion_type", "refresh_token", "device_code", "scope",
    ]

    /// Whether an extra token request parameter would override one the client sets.
    public static func isReservedTokenParameter(_ name: String) -> Bool {
        token.contains(name.lowercased())
    }
}
