/// How a client authenticates at the token endpoint (RFC 6749 §2.3), as a quirk file names it and
/// the runtime's `TokenEndpointAuthMethod` declares it (a test holds the two to the same values).
public enum ClientAuthenticationMethod: String, Sendable, Hashable, CaseIterable {
    /// A public client: only `client_id` (RFC 8252 §8.4).
    case none
    /// Client ID and secret in the body.
    case clientSecretPost = "client_secret_post"
    /// Client ID and secret in HTTP Basic.
    case clientSecretBasic = "client_secret_basic"
    /// A JWT the client signs with its private key for each request (RFC 7523 §2.2, OIDC Core §9).
    case privateKeyJWT = "private_key_jwt"

    /// The runtime's case name, for generated code.
    public var caseName: String {
        switch self {
        case .none: "none"
        case .clientSecretPost: "clientSecretPost"
        case .clientSecretBasic: "clientSecretBasic"
        case .privateKeyJWT: "privateKeyJWT"
        }
    }
}

extension ClientAuthenticationMethod {
    /// The JWS algorithms the runtime signs client assertions with (`private_key_jwt`): ES256
    /// (a P-256 key) and RS256 (an RSA key of 2048 bits or more).
    public static let assertionSigningAlgorithms = ["ES256", "RS256"]

    /// Why a server whose metadata lists `methods` (`token_endpoint_auth_methods_supported`,
    /// `nil`: absent) and `algorithms` (`token_endpoint_auth_signing_alg_values_supported`)
    /// cannot take this method from a client whose key signs with one of `keyAlgorithms` (the
    /// build: any the runtime signs with; the runtime: its key's), or `nil` when it can. Absent, the methods default
    /// to `client_secret_basic` alone (RFC 8414 §2, OpenID Connect Discovery 1.0 §3); absent, the
    /// algorithms imply none (both specs), so any of the runtime's may do. Only a client key is
    /// held to the list: a secret method is the provider's quirk (and already warned about in an
    /// app), which many providers take without listing it.
    public func refusal(
        methods: [String]?, algorithms: [String]?, keyAlgorithms: [String] = assertionSigningAlgorithms
    ) -> String? {
        guard self == .privateKeyJWT else { return nil }
        let listed = methods ?? ["client_secret_basic"]
        guard listed.contains(rawValue) else {
            return "expected token_endpoint_auth_methods_supported to list \"\(rawValue)\", found "
                + (methods.map { $0.isEmpty ? "it empty" : $0.joined(separator: ", ") }
                    ?? "it absent, which means client_secret_basic alone (RFC 8414 §2)")
        }
        if let algorithms, !algorithms.contains(where: keyAlgorithms.contains) {
            return
                "expected token_endpoint_auth_signing_alg_values_supported to list \(keyAlgorithms.joined(separator: " or ")) for private_key_jwt, found "
                + (algorithms.isEmpty ? "it empty" : algorithms.joined(separator: ", "))
        }
        return nil
    }
}
