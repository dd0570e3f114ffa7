/// The RSA key sizes the runtime accepts, checked on the key's bytes before any key is made.
///
/// The limits are BoringSSL's (2048 to 16384 bits), on every platform, so a key one platform
/// refuses is refused on all. The check comes first because making a key is not free: a modulus
/// of a million bits in a hostile JWKS costs a core seconds of arithmetic before a library looks
/// at its size, and a 1 MiB JWKS minutes (issue 44's review). Counting a big-endian number's
/// bits costs nothing.
enum RSAKeySize {
    /// The moduli the runtime signs and verifies with, in bits.
    static let accepted = 2048...16384

    /// The bit length of a nonnegative big-endian integer; leading zero bytes (a DER INTEGER's
    /// sign byte) are not part of it.
    static func bits(ofBigEndian bytes: some Collection<UInt8>) -> Int {
        guard let index = bytes.firstIndex(where: { $0 != 0 }) else { return 0 }
        let significant = bytes.distance(from: index, to: bytes.endIndex)
        return (significant - 1) * 8 + (8 - bytes[index].leadingZeroBitCount)
    }

    /// The modulus's size in bits when it is within ``accepted``, `nil` when it is not.
    static func acceptedBits(ofModulus modulus: some Collection<UInt8>) -> Int? {
        let bits = bits(ofBigEndian: modulus)
        return accepted.contains(bits) ? bits : nil
    }
}
