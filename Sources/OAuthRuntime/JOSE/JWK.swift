import Foundation

/// A public JSON Web Key (RFC 7517), the subset the runtime verifies with: RSA (`n`, `e`), EC
/// (`crv`, `x`, `y`: P-256, P-384, P-521), OKP (`crv`, `x`: Ed25519). No private members, no
/// X.509 chains, nothing for encryption.
struct JWK: Sendable, Hashable {
    /// The key itself, as the big-endian octets RFC 7518 §6 defines.
    enum Material: Sendable, Hashable {
        case rsa(modulus: [UInt8], exponent: [UInt8])
        case ec(curve: String, x: [UInt8], y: [UInt8])
        case okp(curve: String, x: [UInt8])
    }

    var material: Material
    /// `kid`: the name tokens use to pick the key.
    var kid: String?
    /// `alg`: the one algorithm the key may be used with, if the JWKS says.
    var algorithm: String?

    /// A key from its parts: the runtime's own keys (a DPoP key's public half).
    init(material: Material, kid: String? = nil, algorithm: String? = nil) {
        self.material = material
        self.kid = kid
        self.algorithm = algorithm
    }

    /// The key's `kty`.
    var keyType: String {
        switch material {
        case .rsa: "RSA"
        case .ec: "EC"
        case .okp: "OKP"
        }
    }

    /// The key's `crv`, for EC and OKP keys.
    var curve: String? {
        switch material {
        case .rsa: nil
        case .ec(let curve, _, _), .okp(let curve, _): curve
        }
    }

    /// A signing key from one entry of a JWKS, or `nil` when it is not one this runtime can verify
    /// with: another `kty` or curve, `use` other than `sig`, `key_ops` without `verify`, members
    /// that are not strict base64url, EC coordinates of the wrong length (RFC 7518 §6.2.1.2).
    init?(_ entry: [String: Any]) {
        if let use = entry["use"] { guard use as? String == "sig" else { return nil } }
        if let operations = entry["key_ops"] {
            guard let list = operations as? [String], list.contains("verify") else { return nil }
        }
        func octets(_ name: String) -> [UInt8]? {
            (entry[name] as? String).flatMap { Base64URL.decodeBytes($0.utf8) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        switch entry["kty"] as? String {
        case "RSA":
            guard let modulus = octets("n"), let exponent = octets("e") else { return nil }
            material = .rsa(modulus: modulus, exponent: exponent)
        case "EC":
            guard let curve = entry["crv"] as? String, let size = Self.coordinateSize[curve],
                let x = octets("x"), let y = octets("y"), x.count == size, y.count == size
            else { return nil }
            material = .ec(curve: curve, x: x, y: y)
        case "OKP":
            guard entry["crv"] as? String == "Ed25519", let x = octets("x"), x.count == 32 else { return nil }
            material = .okp(curve: "Ed25519", x: x)
        default:
            return nil
        }
        if let kid = entry["kid"] {
            guard let kid = kid as? String else { return nil }
            self.kid = kid
        }
        if let algorithm = entry["alg"] {
            guard let algorithm = algorithm as? String else { return nil }
            self.algorithm = algorithm
        }
    }

    /// Field sizes in octets (RFC 7518 §6.2.1.2: coordinates are always full length).
    static let coordinateSize = ["P-256": 32, "P-384": 48, "P-521": 66]

    /// Whether the key may verify `algorithm`: its type and curve fit, and its own `alg`, if any,
    /// is that algorithm.
    func fits(_ algorithm: JWSAlgorithm) -> Bool {
        (self.algorithm == nil || self.algorithm == algorithm.rawValue) && keyType == algorithm.keyType
            && (algorithm.curve == nil || algorithm.curve == curve)
    }

    /// The JSON RFC 7638 §3 hashes: the required members only, in lexicographic order, no
    /// whitespace. (DPoP binds tokens to this thumbprint.)
    var thumbprintInput: [UInt8] {
        func member(_ name: String, _ value: String) -> String { "\"\(name)\":\"\(value)\"" }
        let members: [String]
        switch material {
        case .rsa(let modulus, let exponent):
            members = [
                member("e", Base64URL.encode(exponent)), member("kty", "RSA"), member("n", Base64URL.encode(modulus)),
            ]
        case .ec(let curve, let x, let y):
            members = [
                member("crv", curve), member("kty", "EC"), member("x", Base64URL.encode(x)),
                member("y", Base64URL.encode(y)),
            ]
        case .okp(let curve, let x):
            members = [member("crv", curve), member("kty", "OKP"), member("x", Base64URL.encode(x))]
        }
        return Array(("{" + members.joined(separator: ",") + "}").utf8)
    }
}
