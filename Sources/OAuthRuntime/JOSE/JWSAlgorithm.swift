/// The JWS algorithms the runtime verifies (RFC 7518 §3, RFC 8037 §3.1): asymmetric only. `none`
/// and HMAC are not cases: a value of this type can never name them.
enum JWSAlgorithm: String, CaseIterable, Sendable, Hashable {
    case rs256 = "RS256"
    case rs384 = "RS384"
    case rs512 = "RS512"
    case ps256 = "PS256"
    case ps384 = "PS384"
    case ps512 = "PS512"
    case es256 = "ES256"
    case es384 = "ES384"
    case es512 = "ES512"
    case edDSA = "EdDSA"

    /// The hash the signature is over.
    enum Digest: Sendable { case sha256, sha384, sha512 }

    /// The `kty` a key must have to verify this algorithm.
    var keyType: String {
        switch self {
        case .rs256, .rs384, .rs512, .ps256, .ps384, .ps512: "RSA"
        case .es256, .es384, .es512: "EC"
        case .edDSA: "OKP"
        }
    }

    /// The `crv` a key must have, where the algorithm fixes one (RFC 7518 §3.4, RFC 8037 §3.1).
    var curve: String? {
        switch self {
        case .es256: "P-256"
        case .es384: "P-384"
        case .es512: "P-521"
        case .edDSA: "Ed25519"
        default: nil
        }
    }

    var digest: Digest {
        switch self {
        case .rs256, .ps256, .es256, .edDSA: .sha256
        case .rs384, .ps384, .es384: .sha384
        case .rs512, .ps512, .es512: .sha512
        }
    }
}
