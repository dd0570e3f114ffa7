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

extension P256.Signing.PublicKey {
    /// The x and y coordinates, 32 big-endian octets each: the raw representation split in two.
    var coordinates: (x: [UInt8], y: [UInt8]) {
        let raw = Array(rawRepresentation)
        return (Array(raw[0..<32]), Array(raw[32..<64]))
    }
}
