/// Arithmetic modulo an RSA modulus in Montgomery form (R = 2^(64·limbs)), on fixed-width
/// little-endian 64-bit limbs: what RSA verification and signing need, and no more.
///
/// Why it is here rather than in swift-crypto's `_CryptoExtras`: that module and the SwiftASN1 it
/// brings cost every app's clean Linux build about a fifth of swift-crypto's own time (issue 39,
/// Benchmarks/README.md), for the one operation below. Apple platforms use Security's `SecKey`.
///
/// The secret-exponent path (``power(_:secretExponent:)``) has no branch and no memory access that
/// depends on the exponent or the base: every window of the exponent is processed, table entries
/// are chosen by masking over all of them, and the final subtraction of Montgomery multiplication
/// is a mask. The public path (``power(_:publicExponent:)``) branches on the exponent, which is
/// public.
struct MontgomeryModulus: Sendable {
    /// The modulus, little-endian limbs; the top limb is nonzero.
    let limbs: [UInt64]
    /// The modulus's length in bits.
    let bitWidth: Int
    /// −n⁻¹ mod 2^64.
    private let inverse: UInt64
    /// R² mod n: multiplying by it enters Montgomery form.
    private let rSquared: [UInt64]
    /// R mod n: one in Montgomery form.
    private let one: [UInt64]

    /// `nil` for an even modulus or one under 64 bits: neither is an RSA modulus.
    init?(bigEndian bytes: [UInt8]) {
        let trimmed = Array(bytes.drop { $0 == 0 })
        guard trimmed.count >= 8, let last = trimmed.last, last & 1 == 1 else { return nil }
        let count = (trimmed.count + 7) / 8
        limbs = Self.limbs(bigEndian: trimmed, count: count)
        bitWidth = count * 64 - limbs[count - 1].leadingZeroBitCount
        // Newton's iteration doubles the correct low bits each round: 3 (an odd number is its
        // own inverse mod 8), then 6, 12, 24, 48, 96.
        var x = limbs[0]
        for _ in 0..<5 { x = x &* (2 &- limbs[0] &* x) }
        inverse = 0 &- x
        // R mod n and R² mod n by doubling 1 modulo n: the modulus is public, so branching is fine.
        var value = [UInt64](repeating: 0, count: count)
        value[0] = 1
        var rModN: [UInt64] = []
        for step in 1...(2 * 64 * count) {
            let carry = Self.shiftLeftOne(&value)
            if carry || !Self.less(value, limbs) { Self.subtract(&value, limbs) }
            if step == 64 * count { rModN = value }
        }
        one = rModN
        rSquared = value
    }

    /// `value` (big-endian, less than the modulus) raised to a public exponent, big-endian, as
    /// many bytes as the modulus takes.
    func power(_ value: [UInt8], publicExponent exponent: UInt64) -> [UInt8] {
        let base = multiply(Self.limbs(bigEndian: value, count: limbs.count), rSquared)
        var result = base
        let top = 63 - exponent.leadingZeroBitCount
        for bit in stride(from: top - 1, through: 0, by: -1) {
            result = multiply(result, result)
            if exponent >> UInt64(bit) & 1 == 1 { result = multiply(result, base) }
        }
        return bytes(multiply(result, [1] + [UInt64](repeating: 0, count: limbs.count - 1)))
    }

    /// `value` (limbs, less than the modulus) raised to a secret exponent (limbs, any value below
    /// R), in time that depends on neither: a fixed 4-bit window over every bit of R.
    func power(_ value: [UInt64], secretExponent exponent: [UInt64]) -> [UInt64] {
        var table = [one, multiply(value, rSquared)]
        for index in 2..<16 { table.append(multiply(table[index - 1], table[1])) }
        var result = one
        for window in stride(from: limbs.count * 16 - 1, through: 0, by: -1) {
            for _ in 0..<4 { result = multiply(result, result) }
            let word = window / 16 < exponent.count ? exponent[window / 16] : 0
            result = multiply(result, Self.select(table, index: word >> UInt64(window % 16 * 4) & 0xF))
        }
        return multiply(result, [1] + [UInt64](repeating: 0, count: limbs.count - 1))
    }

    /// a·b mod n for two values in normal form.
    func product(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        multiply(multiply(a, rSquared), b)
    }

    /// The limbs' big-endian bytes, as many as the modulus takes.
    func bytes(_ value: [UInt64]) -> [UInt8] {
        let width = (bitWidth + 7) / 8
        return (0..<width).reversed().map { index in UInt8(truncatingIfNeeded: value[index / 8] >> UInt64(index % 8 * 8)) }
    }

    /// Montgomery multiplication (CIOS): a·b·R⁻¹ mod n, for a, b < n.
    private func multiply(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        let count = limbs.count
        var t = [UInt64](repeating: 0, count: count + 2)
        t.withUnsafeMutableBufferPointer { t in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    limbs.withUnsafeBufferPointer { n in
                        for i in 0..<count {
                            var carry: UInt64 = 0
                            for j in 0..<count {
                                (carry, t[j]) = Self.multiplyAdd(a[j], b[i], t[j], carry)
                            }
                            (t[count + 1], t[count]) = Self.add(t[count], carry)
                            let m = t[0] &* inverse
                            (carry, _) = Self.multiplyAdd(m, n[0], t[0], 0)
                            for j in 1..<count {
                                (carry, t[j - 1]) = Self.multiplyAdd(m, n[j], t[j], carry)
                            }
                            let (high, low) = Self.add(t[count], carry)
                            t[count - 1] = low
                            t[count] = t[count + 1] &+ high
                        }
                    }
                }
            }
        }
        // t < 2n: subtract n unless that borrows past t's top limb, chosen by a mask.
        var difference = [UInt64](repeating: 0, count: count)
        var borrow: UInt64 = 0
        for j in 0..<count {
            let (step, borrowed) = t[j].subtractingReportingOverflow(limbs[j])
            let (value, borrowedAgain) = step.subtractingReportingOverflow(borrow)
            difference[j] = value
            borrow = Self.bit(borrowed) | Self.bit(borrowedAgain)
        }
        // keep = all ones when t < n (the subtraction borrowed from a zero top limb).
        let keep = 0 &- (borrow & ~t[count] & 1)
        return (0..<count).map { j in (t[j] & keep) | (difference[j] & ~keep) }
    }

    /// a·b + c + d as (high, low): never overflows, since (2^64−1)² + 2(2^64−1) < 2^128.
    private static func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (UInt64, UInt64) {
        let (high, low) = a.multipliedFullWidth(by: b)
        let (sum, carry) = low.addingReportingOverflow(c)
        let (total, carryAgain) = sum.addingReportingOverflow(d)
        return (high &+ bit(carry) &+ bit(carryAgain), total)
    }

    private static func add(_ a: UInt64, _ b: UInt64) -> (UInt64, UInt64) {
        let (sum, carry) = a.addingReportingOverflow(b)
        return (bit(carry), sum)
    }

    private static func bit(_ flag: Bool) -> UInt64 {
        UInt64(unsafeBitCast(flag, to: UInt8.self))
    }

    /// table[index], reading every entry.
    private static func select(_ table: [[UInt64]], index: UInt64) -> [UInt64] {
        var chosen = [UInt64](repeating: 0, count: table[0].count)
        for (candidate, entry) in table.enumerated() {
            let difference = UInt64(candidate) ^ index
            // All ones when difference is zero: (d | −d) has its top bit set for any other d.
            let mask = ((difference | (0 &- difference)) >> 63) &- 1
            for limb in chosen.indices { chosen[limb] |= entry[limb] & mask }
        }
        return chosen
    }

    /// Big-endian bytes as `count` little-endian limbs; bytes beyond them are dropped.
    static func limbs(bigEndian bytes: some Collection<UInt8>, count: Int) -> [UInt64] {
        var limbs = [UInt64](repeating: 0, count: count)
        for (position, byte) in bytes.reversed().enumerated() where position / 8 < count {
            limbs[position / 8] |= UInt64(byte) << UInt64(position % 8 * 8)
        }
        return limbs
    }

    /// Whether a < b, both of the same limb count (public values only: it branches).
    static func less(_ a: [UInt64], _ b: [UInt64]) -> Bool {
        for index in a.indices.reversed() where a[index] != b[index] { return a[index] < b[index] }
        return false
    }

    /// a −= b, limb by limb with the borrow carried; returns whether it borrowed past the top.
    @discardableResult
    static func subtract(_ a: inout [UInt64], _ b: [UInt64]) -> Bool {
        var borrow: UInt64 = 0
        for index in a.indices {
            let (step, borrowed) = a[index].subtractingReportingOverflow(index < b.count ? b[index] : 0)
            let (value, borrowedAgain) = step.subtractingReportingOverflow(borrow)
            a[index] = value
            borrow = bit(borrowed) | bit(borrowedAgain)
        }
        return borrow == 1
    }

    private static func shiftLeftOne(_ value: inout [UInt64]) -> Bool {
        var carry: UInt64 = 0
        for index in value.indices {
            let next = value[index] >> 63
            value[index] = value[index] << 1 | carry
            carry = next
        }
        return carry == 1
    }
}
