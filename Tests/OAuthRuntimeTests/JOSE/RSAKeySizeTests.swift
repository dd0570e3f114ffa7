import Crypto
import CryptoExtras
import Foundation
@testable import OAuthRuntime
import Testing

/// RSA keys outside 2048...16384 bits are refused on their bytes, before any library does
/// arithmetic on them: from a JWKS (the verifier an ID token or a token's signature uses) and
/// from a client key file. A million-bit modulus used to cost a core 18–25 s (issue 44).
@Suite struct RSAKeySizeTests {
    static let exponent: [UInt8] = [0x01, 0x00, 0x01]

    /// A JWK's `n` of `bytes` octets, odd, with the top bit set.
    static func modulus(bytes: Int) -> [UInt8] {
        [0xC5] + [UInt8](repeating: 0x5B, count: bytes - 1)
    }

    /// The PEM text of a PKCS #1 private key made of `numbers` (version first).
    static func pkcs1PEM(_ numbers: [[UInt8]]) -> String {
        let der = DER.sequence(numbers.flatMap { DER.integer($0) })
        return
            "-----BEGIN RSA PRIVATE KEY-----\n\(Data(der).base64EncodedString(options: .lineLength64Characters))\n-----END RSA PRIVATE KEY-----\n"
    }

    @Test func bitLengthsCountFromTheFirstSetBit() {
        #expect(RSAKeySize.bits(ofBigEndian: []) == 0)
        #expect(RSAKeySize.bits(ofBigEndian: [0, 0]) == 0)
        #expect(RSAKeySize.bits(ofBigEndian: [0x01]) == 1)
        #expect(RSAKeySize.bits(ofBigEndian: [0x00, 0x80, 0x00]) == 16)
        #expect(RSAKeySize.bits(ofBigEndian: [UInt8](repeating: 0xFF, count: 256)) == 2048)
        #expect(RSAKeySize.acceptedBits(ofModulus: [0x00] + Self.modulus(bytes: 256)) == 2048)
        #expect(RSAKeySize.acceptedBits(ofModulus: [0x7F] + [UInt8](repeating: 0xFF, count: 255)) == nil)
        #expect(RSAKeySize.acceptedBits(ofModulus: Self.modulus(bytes: 2048)) == 16384)
        #expect(RSAKeySize.acceptedBits(ofModulus: [0x01] + Self.modulus(bytes: 2048)) == nil)
    }

    @Test(arguments: [(128, 1024), (2049, 16392), (125_000, 1_000_000)])
    func aJWKSKeyOutsideTheLimitsVerifiesNothing(bytes: Int, bits: Int) throws {
        let key = JWK(material: .rsa(modulus: Self.modulus(bytes: bytes), exponent: Self.exponent))
        for algorithm in [JWSAlgorithm.rs256, .ps512] {
            #expect(throws: SignatureVerifier.KeyError.modulusSize(bits: bits)) {
                try SignatureVerifier(key: key, algorithm: algorithm)
            }
        }
    }

    /// The numbers need not even be a key: the size is read first.
    @Test(arguments: [(128, 1024), (125_000, 1_000_000)])
    func aClientKeyOutsideTheLimitsIsRefusedAsSuch(bytes: Int, bits: Int) {
        let pem = Self.pkcs1PEM(
            [[], Self.modulus(bytes: bytes), Self.exponent] + [[UInt8]](repeating: [0x03], count: 6))
        let error = #expect(throws: OAuthError.self) { try ClientKey(pem: pem) }
        #expect(error?.message == "expected an RSA client key of 2048 to 16384 bits, found one of \(bits) bits")
    }

    /// A real 1024-bit key, in both PEM forms, and its public half in a JWKS.
    @Test func aReal1024BitKeyIsRefusedEverywhere() throws {
        let key = try _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024))
        for pem in [key.pemRepresentation, key.pkcs8PEMRepresentation] {
            let error = #expect(throws: OAuthError.self) { try ClientKey(pem: pem) }
            #expect(error?.message == "expected an RSA client key of 2048 to 16384 bits, found one of 1024 bits")
        }
        let numbers = try key.publicKey.getKeyPrimitives()
        let jwk = JWK(material: .rsa(modulus: Array(numbers.modulus), exponent: Array(numbers.publicExponent)))
        #expect(throws: SignatureVerifier.KeyError.modulusSize(bits: 1024)) {
            try SignatureVerifier(key: jwk, algorithm: .rs256)
        }
    }

    /// A key file whose numbers do not belong together (a changed private exponent) or that is not
    /// two-prime PKCS #1 is refused when read: BoringSSL checks the key (RSA_check_key).
    @Test func aKeyFileThatIsNoConsistentTwoPrimeKeyIsRefused() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let der = try #require(PEMDocument.der(in: key.pemRepresentation, labels: ["RSA PRIVATE KEY"])).bytes
        var reader = DERReader(bytes: der[...])
        let outer = reader.element(tag: 0x30)
        var sequence = try #require(outer)
        var numbers = (0..<9).map { _ in sequence.unsignedInteger() ?? [] }
        #expect(try ClientKey(pem: Self.pkcs1PEM(numbers)) == ClientKey(pem: key.pemRepresentation))
        numbers[3][numbers[3].count - 1] ^= 0x02
        let unreadable =
            "expected a PEM private key (P-256, or RSA of at least 2048 bits), found text that is neither (a key file may also hold a private JWK)"
        var error = #expect(throws: OAuthError.self) { try ClientKey(pem: Self.pkcs1PEM(numbers)) }
        #expect(error?.message == unreadable)
        numbers[3][numbers[3].count - 1] ^= 0x02
        numbers[0] = [0x01]  // version 1: multi-prime (RFC 8017 §A.1.2)
        error = #expect(throws: OAuthError.self) { try ClientKey(pem: Self.pkcs1PEM(numbers)) }
        #expect(error?.message == unreadable)
    }
}
