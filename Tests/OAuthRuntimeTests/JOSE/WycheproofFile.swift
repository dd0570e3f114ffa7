import Foundation
@testable import OAuthRuntime

/// One Project Wycheproof vector file (`Wycheproof/`, Apache 2.0, see `SOURCE.md` there): its
/// groups, each a key and the signatures to check against it.
struct WycheproofFile: Decodable {
    let algorithm: String
    let numberOfTests: Int
    let testGroups: [Group]

    /// The verification files in `Wycheproof/`: RSA PKCS #1 v1.5 and PSS, ECDSA in JOSE's
    /// r ‖ s form, Ed25519.
    static let verificationFiles = [
        "rsa_signature_2048_sha256_test.json", "rsa_signature_2048_sha384_test.json",
        "rsa_signature_2048_sha512_test.json",
        "rsa_signature_3072_sha256_test.json", "rsa_signature_3072_sha384_test.json",
        "rsa_signature_3072_sha512_test.json",
        "rsa_signature_4096_sha256_test.json", "rsa_signature_4096_sha384_test.json",
        "rsa_signature_4096_sha512_test.json",
        "rsa_pss_2048_sha256_mgf1_32_test.json", "rsa_pss_2048_sha384_mgf1_48_test.json",
        "rsa_pss_3072_sha256_mgf1_32_test.json", "rsa_pss_4096_sha512_mgf1_64_test.json",
        "ecdsa_secp256r1_sha256_p1363_test.json", "ecdsa_secp384r1_sha384_p1363_test.json",
        "ed25519_test.json",
    ]

    /// The signature generation files: RSA PKCS #1 v1.5 with the expected signature given.
    static let generationFiles = ["rsa_pkcs1_2048_sig_gen_test.json", "rsa_pkcs1_3072_sig_gen_test.json"]

    static func load(_ name: String) throws -> WycheproofFile {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Wycheproof")
        return try JSONDecoder().decode(
            WycheproofFile.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// A key and the vectors made with it.
    struct Group: Decodable {
        let sha: String?
        /// PSS only: the salt length and MGF1's hash.
        let sLen: Int?
        let mgfSha: String?
        /// The key as a JWK, where the file gives one (most groups).
        let publicKeyJwk: [String: String]?
        let keyJwk: [String: String]?
        let publicKey: RawKey?
        let privateKey: RawKey?
        /// Generation files: the private key in both PEM forms (PKCS #8 as hex DER).
        let privateKeyPem: String?
        let privateKeyPkcs8: String?
        let tests: [Vector]

        /// The JWK object a JWKS would carry for this group's key: the file's own, or one made
        /// from the raw numbers (RFC 7518 §6.2.1, §6.3.1: no sign byte, EC coordinates full length).
        func jwkObject(curveSize: Int?) -> [String: Any] {
            if let jwk = publicKeyJwk ?? keyJwk { return jwk }
            let raw = publicKey ?? privateKey
            if let modulus = raw?.modulus, let exponent = raw?.publicExponent {
                return [
                    "kty": "RSA", "n": Base64URL.encode(Self.magnitude(modulus)),
                    "e": Base64URL.encode(Self.magnitude(exponent)),
                ]
            }
            if let x = raw?.wx, let y = raw?.wy, let size = curveSize {
                func coordinate(_ hex: String) -> String {
                    let value = Self.magnitude(hex)
                    return Base64URL.encode([UInt8](repeating: 0, count: max(0, size - value.count)) + value)
                }
                return ["kty": "EC", "crv": size == 32 ? "P-256" : "P-384", "x": coordinate(x), "y": coordinate(y)]
            }
            return [:]
        }

        private static func magnitude(_ hex: String) -> [UInt8] {
            Array(WycheproofFile.bytes(hex).drop { $0 == 0 })
        }
    }

    /// The numbers of a key, in hex.
    struct RawKey: Decodable {
        let modulus: String?
        let publicExponent: String?
        let wx: String?
        let wy: String?
    }

    /// One test: a message, a signature and whether it is `valid`, `invalid` or `acceptable`.
    struct Vector: Decodable {
        let tcId: Int
        let comment: String
        let msg: String
        let sig: String
        let result: String
        let flags: [String]

        var message: [UInt8] { WycheproofFile.bytes(msg) }
        var signature: [UInt8] { WycheproofFile.bytes(sig) }
    }

    /// The JWS algorithm a group's parameters make, or `nil` when no JOSE algorithm uses them
    /// (SHA-1 or SHA-224; a PSS salt other than the hash's length, RFC 7518 §3.5).
    func jwsAlgorithm(of group: Group) -> JWSAlgorithm? {
        let bits = group.sha.flatMap { ["SHA-256": "256", "SHA-384": "384", "SHA-512": "512"][$0] }
        switch algorithm {
        case "RSASSA-PKCS1-v1_5":
            return bits.flatMap { JWSAlgorithm(rawValue: "RS" + $0) }
        case "RSASSA-PSS":
            guard let bits, group.mgfSha == group.sha, group.sLen == Int(bits)! / 8 else { return nil }
            return JWSAlgorithm(rawValue: "PS" + bits)
        case "ECDSA":
            return bits.flatMap { JWSAlgorithm(rawValue: "ES" + $0) }
        case "EDDSA":
            return .edDSA
        default:
            return nil
        }
    }

    static func bytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.utf8.count / 2)
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }
}
