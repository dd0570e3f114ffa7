internal import OAuthPolicy

/// The PKCE code challenge method (RFC 7636 §4.2).
public enum PKCEMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// SHA-256 of the verifier: the only method RFC 8252 §8.1 and RFC 9700 recommend.
    case s256 = "S256"
    /// The verifier itself; only for providers that cannot do S256.
    case plain
    /// No PKCE at all; only for providers that reject the parameters.
    case none
}
