import Crypto
import CryptoExtras
import Foundation
@testable import OAuthRuntime
import Testing

/// The runtime's own RSA verification against BoringSSL's (swift-crypto's `_RSA`), signature for
/// signature, and the limits it holds keys to. The token-level comparison with jwt-kit is in
/// JOSEDifferentialTests.
@Suite struct RSAPublicKeyTests {
    static let keys = [
        try! _RSA.Signing.PrivateKey(keySize: .bits2048),
        try! _RSA.Signing.PrivateKey(keySize: .bits3072),
    ]

    static func publicKey(of key: _RSA.Signing.PrivateKey) throws -> RSAPublicKey {
        let numbers = try key.publicKey.getKeyPrimitives()
        return try RSAPublicKey(modulus: Array(numbers.modulus), exponent: Array(numbers.publicExponent))
    }

    static func digest(_ message: [UInt8], _ hash: JWSAlgorithm.Digest) -> any Digest {
        switch hash {
        case .sha256: SHA256.hash(data: message)
        case .sha384: SHA384.hash(data: message)
        case .sha512: SHA512.hash(data: message)
        }
    }

    @Test(arguments: [JWSAlgorithm.Digest.sha256, .sha384, .sha512])
    func boringSSLSignaturesVerifyAndAlteredOnesDoNot(hash: JWSAlgorithm.Digest) throws {
        for key in Self.keys {
            let ours = try Self.publicKey(of: key)
            for round in 0..<4 {
                let message = Array("message \(round) \(UUID())".utf8)
                let digest = Array(Self.digest(message, hash))
                let pkcs1 = Array(try key.signature(for: Self.digest(message, hash), padding: .insecurePKCS1v1_5).rawRepresentation)
                let pss = Array(try key.signature(for: Self.digest(message, hash), padding: .PSS).rawRepresentation)
                #expect(ours.isValidPKCS1Signature(pkcs1, digest: digest, hash: hash))
                #expect(ours.isValidPSSSignature(pss, digest: digest, hash: hash))
                // Each padding refuses the other's signature.
                #expect(!ours.isValidPKCS1Signature(pss, digest: digest, hash: hash))
                #expect(!ours.isValidPSSSignature(pkcs1, digest: digest, hash: hash))
                // One flipped bit anywhere in the signature or the digest.
                var flipped = pkcs1
                flipped[Int.random(in: 0..<flipped.count)] ^= 1 << UInt8.random(in: 0..<8)
                #expect(!ours.isValidPKCS1Signature(flipped, digest: digest, hash: hash))
                flipped = pss
                flipped[Int.random(in: 0..<flipped.count)] ^= 1 << UInt8.random(in: 0..<8)
                #expect(!ours.isValidPSSSignature(flipped, digest: digest, hash: hash))
                var otherDigest = digest
                otherDigest[0] ^= 0x80
                #expect(!ours.isValidPKCS1Signature(pkcs1, digest: otherDigest, hash: hash))
                #expect(!ours.isValidPSSSignature(pss, digest: otherDigest, hash: hash))
            }
        }
    }

    @Test func aSignatureNotBelowTheModulusOrOfAnotherLengthIsRefusedUnopened() throws {
        let key = Self.keys[0]
        let ours = try Self.publicKey(of: key)
        let modulus = try key.publicKey.getKeyPrimitives().modulus
        let signature = Array(try key.signature(for: SHA256.hash(data: [1, 2, 3]), padding: .insecurePKCS1v1_5).rawRepresentation)
        #expect(ours.opened(signature) != nil)
        #expect(ours.opened(Array(modulus)) == nil)
        #expect(ours.opened([UInt8](repeating: 0xFF, count: signature.count)) == nil)
        #expect(ours.opened([0] + signature) == nil)
        #expect(ours.opened(Array(signature.dropFirst())) == nil)
    }

    /// BoringSSL's limits: 2048 to 16384 bits, an odd exponent from 3 to 2^33.
    @Test func keysOutsideTheLimitsAreRefused() throws {
        let numbers = try Self.keys[0].publicKey.getKeyPrimitives()
        let n = Array(numbers.modulus), exponent = Array(numbers.publicExponent)
        #expect(throws: RSAPublicKey.KeyError.modulusSize(bits: 1024)) { try RSAPublicKey(modulus: Array(n.prefix(127)) + [0x01], exponent: exponent) }
        #expect(throws: RSAPublicKey.KeyError.notAModulus) { try RSAPublicKey(modulus: Array(n.dropLast()) + [n.last! & 0xFE], exponent: exponent) }
        #expect(throws: RSAPublicKey.KeyError.modulusSize(bits: 16392)) { try RSAPublicKey(modulus: [0xFF] + [UInt8](repeating: 0xFF, count: 2048), exponent: exponent) }
        for bad: [UInt8] in [[0x01, 0x00, 0x00], [0x01], [], [0x02, 0x00, 0x00, 0x00, 0x01], [0x01, 0x00, 0x00, 0x00, 0x00, 0x01]] {
            #expect(throws: RSAPublicKey.KeyError.exponent) { try RSAPublicKey(modulus: n, exponent: bad) }
        }
        // Leading zero bytes are not part of the value (a JWK's `n` has none, a DER INTEGER may).
        let padded = try RSAPublicKey(modulus: [0, 0] + n, exponent: [0] + exponent)
        #expect(padded.modulus.bitWidth == 2048)
        #expect(padded.exponent == 65537)
    }
}
