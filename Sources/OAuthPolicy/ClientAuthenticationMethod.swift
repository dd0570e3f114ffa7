/// How a client authenticates at the token endpoint (RFC 6749 §2.3), as a quirk file names it and
/// the runtime's `TokenEndpointAuthMethod` declares it (a test holds the two to the same values).
public enum ClientAuthenticationMethod: String, Sendable, Hashable, CaseIterable {
    /// A public client: only `client_id` (RFC 8252 §8.4).
    case none
    /// Client ID and secret in the body.
    case clientSecretPost = "client_secret_post"
    /// Client ID and secret in HTTP Basic.
    case clientSecretBasic = "client_secret_basic"

    /// The runtime's case name, for generated code.
    public var caseName: String {
        switch self {
        case .none: "none"
        case .clientSecretPost: "clientSecretPost"
        case .clientSecretBasic: "clientSecretBasic"
        }
    }
}
