/// What the runtime can sign DPoP proofs with (RFC 9449 §5.1): the build refuses a provider that
/// accepts none of these, and the runtime refuses the same configuration.
public enum DPoPPolicy {
    /// The JWS algorithms of the runtime's DPoP keys.
    public static let signingAlgorithms = ["ES256"]
}
