/// An RSA public key that checks RS256/384/512 (RSASSA-PKCS1-v1_5) and PS256/384/512 (RSASSA-PSS,
/// salt as long as the hash, RFC 7518 §3.5) signatures, RFC 8017 §8.1.2 and §8.2.2.
///
/// The limits are BoringSSL's, so a key swift-crypto refused is refused here too: a modulus of
/// 2048 to 16384 bits (a larger one is work a hostile JWKS could make the client do), an odd
/// public exponent from 3 to 2^33.
struct RSAPublicKey: Sendable {
    /// Why a key is refused.
    enum KeyError: Error, Sendable, Equatable {
        /// Even, or too short to be an RSA modulus at all.
        case notAModulus
        /// A modulus outside 2048...16384 bits.
        case modulusSize(bits: Int)
        /// An exponent that is even or outside 3...2^33.
        case exponent
    }

    let modulus: MontgomeryModulus
    let exponent: UInt64

    init(modulus: [UInt8], exponent: [UInt8]) throws(KeyError) {
        guard let modulus = MontgomeryModulus(bigEndian: modulus) else { throw .notAModulus }
        guard (2048...16384).contains(modulus.bitWidth) else { throw .modulusSize(bits: modulus.bitWidth) }
        let exponentBytes = exponent.drop { $0 == 0 }
        guard exponentBytes.count <= 5 else { throw .exponent }
        let value = exponentBytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard value & 1 == 1, (3...(1 << 33)).contains(value) else { throw .exponent }
        self.modulus = modulus
        self.exponent = value
    }

    /// The message representative of `signature` (RSAVP1, RFC 8017 §5.2.2), or `nil` when the
    /// signature is not as long as the modulus or not below it.
    func opened(_ signature: [UInt8]) -> [UInt8]? {
        let width = (modulus.bitWidth + 7) / 8
        guard signature.count == width,
              MontgomeryModulus.less(MontgomeryModulus.limbs(bigEndian: signature, count: modulus.limbs.count), modulus.limbs)
        else { return nil }
        return modulus.power(signature, publicExponent: exponent)
    }

    /// Whether `signature` is an RSASSA-PKCS1-v1_5 signature of `digest` (the hash of the message).
    func isValidPKCS1Signature(_ signature: [UInt8], digest: [UInt8], hash: JWSAlgorithm.Digest) -> Bool {
        guard let opened = opened(signature), let expected = RSAEncoding.pkcs1(digest: digest, hash: hash, length: opened.count) else {
            return false
        }
        return opened == expected
    }

    /// Whether `signature` is an RSASSA-PSS signature of `digest`, with a salt as long as the hash.
    func isValidPSSSignature(_ signature: [UInt8], digest: [UInt8], hash: JWSAlgorithm.Digest) -> Bool {
        guard let opened = opened(signature) else { return false }
        return RSAEncoding.pssVerifies(opened, digest: digest, hash: hash, encodedBits: modulus.bitWidth - 1)
    }
}
