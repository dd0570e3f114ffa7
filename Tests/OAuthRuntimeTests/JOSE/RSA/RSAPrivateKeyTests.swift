import Crypto
import CryptoExtras
import Foundation
@testable import OAuthRuntime
import Testing

/// The runtime's own RS256 signing (a `private_key_jwt` client key on Linux) against BoringSSL's:
/// PKCS #1 v1.5 signatures are deterministic, so the two must agree byte for byte, whatever the
/// blinding.
@Suite struct RSAPrivateKeyTests {
    static func pkcs1(_ key: _RSA.Signing.PrivateKey) throws -> [UInt8] {
        try #require(PEMDocument.der(in: key.pemRepresentation, labels: ["RSA PRIVATE KEY"])).bytes
    }

    @Test(arguments: [_RSA.Signing.KeySize.bits2048, .bits3072])
    func signaturesAreBoringSSLsByteForByte(size: _RSA.Signing.KeySize) throws {
        let key = try _RSA.Signing.PrivateKey(keySize: size)
        let ours = try RSAPrivateKey(pkcs1: Self.pkcs1(key))
        for round in 0..<3 {
            let digest = SHA256.hash(data: Array("client assertion \(round)".utf8))
            let expected = Array(try key.signature(for: digest, padding: .insecurePKCS1v1_5).rawRepresentation)
            #expect(try ours.signature(sha256: Array(digest)) == expected)
        }
    }

    /// Through `ClientKey`, from both PEM forms a key file comes in.
    @Test func aClientKeyFromEitherPEMFormSignsAsBoringSSLDoes() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let input = Array("header.payload".utf8)
        let expected = Array(try key.signature(for: SHA256.hash(data: input), padding: .insecurePKCS1v1_5).rawRepresentation)
        for pem in [key.pemRepresentation, key.pkcs8PEMRepresentation] {
            let clientKey = try ClientKey(pem: pem)
            #expect(clientKey.algorithm == "RS256")
            #expect(try clientKey.signature(for: input) == expected)
        }
        #expect(try ClientKey(pem: key.pemRepresentation) == ClientKey(pem: key.pkcs8PEMRepresentation))
    }

    /// Printing or dumping a key shows its size, never a number of it.
    @Test func aKeyDescribesItsSizeOnly() throws {
        let ours = try RSAPrivateKey(pkcs1: Self.pkcs1(try _RSA.Signing.PrivateKey(keySize: .bits2048)))
        var dumped = ""
        dump(ours, to: &dumped)
        #expect(String(describing: ours) == "RSAPrivateKey(2048 bits)")
        #expect(!dumped.contains("Exponent") && !dumped.contains("limbs") && dumped.count < 100, "\(dumped)")
    }

    /// A file whose numbers do not belong together signs nothing: the signature is checked with
    /// the public exponent before it leaves.
    @Test func aKeyWhosePrivateExponentIsWrongSignsNothing() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        var reader = DERReader(bytes: try Self.pkcs1(key)[...])
        let outer = reader.element(tag: 0x30)
        var sequence = try #require(outer)
        let numbers = (0..<9).map { _ in sequence.unsignedInteger() ?? [] }
        var d = numbers[3]
        d[d.count - 1] ^= 0x02
        let tampered = DER.sequence(([numbers[0]] + numbers[1...2] + [d] + numbers[4...]).flatMap { DER.integer($0) })
        let ours = try RSAPrivateKey(pkcs1: tampered)
        #expect(throws: RSAPrivateKey.SigningError.self) { try ours.signature(sha256: Array(SHA256.hash(data: [1]))) }
    }

    @Test func keysThatAreNotTwoPrimePKCS1AreRefused() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        var der = try Self.pkcs1(key)
        #expect(throws: RSAPrivateKey.KeyError.unreadable) { try RSAPrivateKey(pkcs1: Array(der.dropLast(40))) }
        #expect(throws: RSAPrivateKey.KeyError.unreadable) { try RSAPrivateKey(pkcs1: der + [0]) }
        #expect(throws: RSAPrivateKey.KeyError.unreadable) { try RSAPrivateKey(pkcs1: [0x30, 0x00]) }
        // Version 1 (multi-prime, RFC 8017 §A.1.2): 30 82 LL LL, then the version, 02 01 00.
        try #require(der[0...1] == [0x30, 0x82] && der[4...6] == [0x02, 0x01, 0x00])
        der[6] = 1
        #expect(throws: RSAPrivateKey.KeyError.unreadable) { try RSAPrivateKey(pkcs1: der) }
    }

    /// Refused for its size, said so, before any arithmetic: the numbers need not even be a key.
    @Test func aKeyUnder2048BitsIsRefusedAsSuch() throws {
        let modulus = [UInt8](repeating: 0xC5, count: 128)  // 1024 bits, odd
        let numbers = [[], modulus, [0x01, 0x00, 0x01]] + [[UInt8]](repeating: [0x03], count: 6)
        let der = DER.sequence(numbers.flatMap { DER.integer($0) })
        #expect(throws: RSAPrivateKey.KeyError.publicKey(.modulusSize(bits: 1024))) { try RSAPrivateKey(pkcs1: der) }
        let pem = "-----BEGIN RSA PRIVATE KEY-----\n\(Data(der).base64EncodedString(options: .lineLength64Characters))\n-----END RSA PRIVATE KEY-----\n"
        #expect(throws: OAuthError.self) { try ClientKey(pem: pem) }
        do {
            _ = try ClientKey(pem: pem)
        } catch {
            #expect(error.message == "expected an RSA client key of at least 2048 bits, found a shorter one")
        }
    }
}
