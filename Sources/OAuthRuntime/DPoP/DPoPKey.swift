import Foundation
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif

/// A key that signs DPoP proofs (RFC 9449 §4.2) with ES256: P-256, the one curve every DPoP
/// server accepts. The software key is the default; a key that never leaves hardware (a Secure
/// Enclave key on Apple platforms) fits behind the same protocol.
public protocol DPoPKey: Sendable {
    /// The public key's coordinates, 32 big-endian octets each (RFC 7518 §6.2.1.2–3).
    var publicKeyCoordinates: (x: [UInt8], y: [UInt8]) { get }
    /// The ES256 signature of `signingInput`: `r ‖ s`, 64 octets (RFC 7518 §3.4).
    func signature(for signingInput: [UInt8]) throws -> [UInt8]
}

extension DPoPKey {
    /// The public key as the JWK a proof's header carries (RFC 9449 §4.2), members in RFC 7638 order.
    var publicJWK: JWK {
        let (x, y) = publicKeyCoordinates
        return JWK(material: .ec(curve: "P-256", x: x, y: y), kid: nil, algorithm: nil)
    }

    /// The RFC 7638 thumbprint, base64url: the `dpop_jkt` of an authorization request (RFC 9449
    /// §10) and the `cnf.jkt` of the tokens bound to this key.
    public var thumbprint: String {
        Base64URL.encode(SHA256.hash(data: publicJWK.thumbprintInput))
    }
}

/// A P-256 key made in software by the platform's crypto (CryptoKit; swift-crypto elsewhere).
///
/// It is `Codable` so a session can keep it with its tokens — the store is where a relaunched app
/// finds both (RFC 9449 §7: a DPoP-bound refresh token is useless without its key). Its
/// `description` shows the thumbprint only.
public struct SoftwareDPoPKey: DPoPKey, Codable, Hashable, CustomStringConvertible {
    private let privateKey: P256.Signing.PrivateKey

    /// A new random key.
    public init() {
        privateKey = P256.Signing.PrivateKey()
    }

    /// A key from its raw private scalar (32 octets), as ``rawRepresentation`` gave it.
    public init(rawRepresentation: Data) throws {
        privateKey = try P256.Signing.PrivateKey(rawRepresentation: rawRepresentation)
    }

    /// The private scalar, for storing the key; keep it where the tokens are kept.
    public var rawRepresentation: Data { privateKey.rawRepresentation }

    public var publicKeyCoordinates: (x: [UInt8], y: [UInt8]) {
        let raw = Array(privateKey.publicKey.rawRepresentation)
        return (Array(raw[0..<32]), Array(raw[32..<64]))
    }

    public func signature(for signingInput: [UInt8]) throws -> [UInt8] {
        Array(try privateKey.signature(for: signingInput).rawRepresentation)
    }

    /// The thumbprint, never the private key.
    public var description: String { "SoftwareDPoPKey(thumbprint: \(thumbprint))" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(rawRepresentation: try container.decode(Data.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawRepresentation)
    }

    public static func == (lhs: SoftwareDPoPKey, rhs: SoftwareDPoPKey) -> Bool {
        lhs.rawRepresentation == rhs.rawRepresentation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(thumbprint)
    }
}
