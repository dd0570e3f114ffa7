/// An RSA private key that signs RS256 (RSASSA-PKCS1-v1_5 with SHA-256, RFC 8017 §8.2.1): a
/// client key for `private_key_jwt` on platforms without Security.
///
/// Signing is the textbook operation, hardened as BoringSSL hardens it:
/// - the exponentiation runs in time independent of the key and the message
///   (``MontgomeryModulus/power(_:secretExponent:)``);
/// - the message is blinded by a fresh random r^e first and unblinded by r⁻¹ = r^(φ(n)−1) after,
///   so even a leak in the exponentiation says nothing about the key;
/// - the signature is checked with the public exponent before it leaves, so a fault or a file
///   whose numbers do not belong together never produces a wrong signature.
struct RSAPrivateKey: Sendable, CustomStringConvertible, CustomReflectable {
    /// Why a key file is refused.
    enum KeyError: Error, Sendable, Equatable {
        /// Not a two-prime PKCS #1 `RSAPrivateKey` (RFC 8017 §A.1.2).
        case unreadable
        /// The public part is outside the limits ``RSAPublicKey`` holds keys to.
        case publicKey(RSAPublicKey.KeyError)
    }

    /// Why signing failed: the signature did not verify under the key's own public part.
    struct SigningError: Error, Sendable {}

    let publicKey: RSAPublicKey
    /// The modulus and exponent as they were read, for the key's identity.
    let publicNumbers: (modulus: [UInt8], exponent: [UInt8])
    private let privateExponent: [UInt64]
    /// φ(n) − 1 = n − p − q: the exponent that inverts the blinding factor.
    private let inverseExponent: [UInt64]

    /// A key from the DER of PKCS #1 `RSAPrivateKey`: version 0 (two primes), n, e, d, p and q; the
    /// CRT values that follow are not needed.
    init(pkcs1 der: [UInt8]) throws(KeyError) {
        var outer = DERReader(bytes: der[...])
        guard var sequence = outer.element(tag: 0x30), outer.bytes.isEmpty,
              sequence.unsignedInteger() == [],
              let modulus = sequence.unsignedInteger(), let exponent = sequence.unsignedInteger(),
              let privateExponent = sequence.unsignedInteger(),
              let p = sequence.unsignedInteger(), let q = sequence.unsignedInteger()
        else { throw .unreadable }
        do {
            publicKey = try RSAPublicKey(modulus: modulus, exponent: exponent)
        } catch {
            throw .publicKey(error)
        }
        let count = publicKey.modulus.limbs.count
        guard privateExponent.count <= count * 8, p.count <= count * 8, q.count <= count * 8 else { throw .unreadable }
        publicNumbers = (modulus, exponent)
        self.privateExponent = MontgomeryModulus.limbs(bigEndian: privateExponent, count: count)
        var inverseExponent = publicKey.modulus.limbs
        let pBorrowed = MontgomeryModulus.subtract(&inverseExponent, MontgomeryModulus.limbs(bigEndian: p, count: count))
        let qBorrowed = MontgomeryModulus.subtract(&inverseExponent, MontgomeryModulus.limbs(bigEndian: q, count: count))
        guard !pBorrowed, !qBorrowed else { throw .unreadable }
        self.inverseExponent = inverseExponent
    }

    /// The RSASSA-PKCS1-v1_5 signature of a SHA-256 digest, as long as the modulus.
    func signature(sha256 digest: [UInt8]) throws(SigningError) -> [UInt8] {
        let modulus = publicKey.modulus
        let count = modulus.limbs.count
        let width = (modulus.bitWidth + 7) / 8
        guard let encoded = RSAEncoding.pkcs1(digest: digest, hash: .sha256, length: width) else { throw SigningError() }
        let message = MontgomeryModulus.limbs(bigEndian: encoded, count: count)
        // r below 2^(bits−1), so below n; zero (probability 2^-2047) would blind nothing. The top
        // limb keeps (bits − 1) − 64·(count − 1) bits, 0 to 63 of them.
        var r = [UInt64](repeating: 0, count: count)
        var generator = SystemRandomNumberGenerator()
        let topMask: UInt64 = (1 << UInt64((modulus.bitWidth - 1) - 64 * (count - 1))) &- 1
        repeat {
            for index in r.indices { r[index] = generator.next() }
            r[count - 1] &= topMask
        } while r.allSatisfy { $0 == 0 }
        let blinding = MontgomeryModulus.limbs(bigEndian: modulus.power(modulus.bytes(r), publicExponent: publicKey.exponent), count: count)
        let blinded = modulus.product(message, blinding)
        let signedBlinded = modulus.power(blinded, secretExponent: privateExponent)
        let unblinding = modulus.power(r, secretExponent: inverseExponent)
        let signature = modulus.bytes(modulus.product(signedBlinded, unblinding))
        guard publicKey.opened(signature) == encoded else { throw SigningError() }
        return signature
    }

    /// The key's size, never its numbers.
    var description: String { "RSAPrivateKey(\(publicKey.modulus.bitWidth) bits)" }

    /// Its description only: reflection never shows the private exponent.
    var customMirror: Mirror { .redacted(self) }
}
