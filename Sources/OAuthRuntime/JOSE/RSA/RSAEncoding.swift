#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif

/// The two RSA signature encodings JOSE uses (RFC 8017 §9.2 EMSA-PKCS1-v1_5, §9.1 EMSA-PSS).
enum RSAEncoding {
    /// EMSA-PKCS1-v1_5 of a digest, `length` bytes: 00 01 FF… 00 DigestInfo. Built whole and
    /// compared whole, never parsed, so no lenient parse can be fooled (Bleichenbacher 2006).
    /// `nil` when `length` leaves no room for eight bytes of padding.
    static func pkcs1(digest: [UInt8], hash: JWSAlgorithm.Digest, length: Int) -> [UInt8]? {
        let info = digestInfoPrefix(hash) + digest
        guard length >= info.count + 11 else { return nil }
        return [0x00, 0x01] + [UInt8](repeating: 0xFF, count: length - info.count - 3) + [0x00] + info
    }

    /// EMSA-PSS-VERIFY (RFC 8017 §9.1.2) with MGF1 over the same hash and a salt as long as the
    /// hash (RFC 7518 §3.5). `opened` is the message representative, as long as the modulus.
    static func pssVerifies(_ opened: [UInt8], digest: [UInt8], hash: JWSAlgorithm.Digest, encodedBits: Int) -> Bool {
        let length = (encodedBits + 7) / 8
        // EM = I2OSP(m, emLen): a representative longer than emLen must start with zeros.
        guard opened.count >= length, opened.dropLast(length).allSatisfy({ $0 == 0 }) else { return false }
        let encoded = Array(opened.suffix(length))
        let hashLength = digest.count
        guard length >= 2 * hashLength + 2, encoded.last == 0xBC else { return false }
        let maskedBlock = encoded[0..<(length - hashLength - 1)]
        let tag = Array(encoded[(length - hashLength - 1)..<(length - 1)])
        let unusedBits = 8 * length - encodedBits
        let topMask = UInt8(truncatingIfNeeded: 0xFF >> unusedBits)
        guard maskedBlock.first.map({ $0 & ~topMask == 0 }) == true else { return false }
        var block = zip(maskedBlock, mask(seed: tag, length: maskedBlock.count, hash: hash)).map { $0 ^ $1 }
        block[0] &= topMask
        let paddingLength = length - 2 * hashLength - 2
        guard block[0..<paddingLength].allSatisfy({ $0 == 0 }), block[paddingLength] == 0x01 else { return false }
        let salt = block.suffix(hashLength)
        return self.hash([UInt8](repeating: 0, count: 8) + digest + salt, hash) == tag
    }

    /// MGF1 (RFC 8017 §B.2.1).
    private static func mask(seed: [UInt8], length: Int, hash: JWSAlgorithm.Digest) -> [UInt8] {
        var output: [UInt8] = []
        var counter: UInt32 = 0
        while output.count < length {
            output += self.hash(seed + withUnsafeBytes(of: counter.bigEndian, Array.init), hash)
            counter += 1
        }
        return Array(output.prefix(length))
    }

    static func hash(_ bytes: [UInt8], _ hash: JWSAlgorithm.Digest) -> [UInt8] {
        switch hash {
        case .sha256: Array(SHA256.hash(data: bytes))
        case .sha384: Array(SHA384.hash(data: bytes))
        case .sha512: Array(SHA512.hash(data: bytes))
        }
    }

    /// The DER of DigestInfo { AlgorithmIdentifier { hash OID, NULL }, OCTET STRING } up to the
    /// digest itself (RFC 8017 §9.2, note 1).
    private static func digestInfoPrefix(_ hash: JWSAlgorithm.Digest) -> [UInt8] {
        let (algorithm, length): (UInt8, UInt8) = switch hash {
        case .sha256: (0x01, 0x20)
        case .sha384: (0x02, 0x30)
        case .sha512: (0x03, 0x40)
        }
        return [0x30, 0x11 + length, 0x30, 0x0D, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, algorithm, 0x05, 0x00, 0x04, length]
    }
}
