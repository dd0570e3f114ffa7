/// The PKCE code challenge methods a quirk file may name (RFC 7636 §4.2), as the generator reads
/// them and the runtime's `PKCEMethod` declares them (a test holds the two to the same values).
public enum PKCEChallengeMethod: String, Sendable, Hashable, CaseIterable {
    /// SHA-256 of the verifier: the only method RFC 8252 §8.1 recommends.
    case s256 = "S256"
    /// The verifier itself.
    case plain
    /// No PKCE at all.
    case none

    /// The runtime's case name, for generated code.
    public var caseName: String {
        switch self {
        case .s256: "s256"
        case .plain: "plain"
        case .none: "none"
        }
    }
}
