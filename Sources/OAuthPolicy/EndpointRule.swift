/// Which server URLs the runtime will talk to, and so which ones the build accepts: one rule in
/// one place (DESIGN.md §8), linked by both the generator and the runtime.
public enum EndpointRule {
    /// How a server URL stands against the rule.
    public enum Verdict: Sendable, Hashable {
        /// https with a host.
        case secure
        /// http on 127.0.0.1 or [::1]: only for a local development server, and only when the
        /// client is made with `ClientOptions(allowInsecureLoopback: true)`.
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
