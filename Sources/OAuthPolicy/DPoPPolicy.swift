/// What the runtime can sign DPoP proofs with (RFC 9449 §5.1): the build refuses a provider that
/// accepts none of these, and the runtime refuses the same configuration.
public enum DPoPPolicy {
    /// The JWS algorithms of the runtime's DPoP keys.
    public static let signingAlgorithms = ["ES256"]

    /// Whether a protected resource's tokens are bound to a DPoP key (RFC 9449; the MCP DPoP
    /// extension, SEP-1932): when the app asks for it; when the resource requires it
    /// (`dpop_bound_access_tokens_required`, RFC 9728 §2) or challenges with the `DPoP` scheme
    /// (RFC 9449 §7.1); or when its authorization server lists an algorithm the runtime signs
    /// with in `dpop_signing_alg_values_supported` (RFC 9449 §5.1). One rule for the runtime's
    /// resource session and everything that reports what it will do.
    public static func bindsResourceTokens(
        forced: Bool, resourceRequires: Bool, challengeScheme: String?, serverAlgorithms: [String]
    ) -> Bool {
        forced || resourceRequires || challengeScheme?.lowercased() == "dpop"
            || serverAlgorithms.contains(where: signingAlgorithms.contains)
    }
}
