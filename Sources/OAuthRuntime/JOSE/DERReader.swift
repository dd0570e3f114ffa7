/// Reads DER tag-length-value elements (X.690 §8.1) from the front: enough for PKCS #8 and
/// PKCS #1 private keys, which are sequences of integers and octet strings.
struct DERReader {
    var bytes: ArraySlice<UInt8>

    /// The contents of the next element if it has `tag`, moving past it.
    mutating func element(tag: UInt8) -> DERReader? {
        guard let first = bytes.first, first == tag, bytes.count >= 2 else { return nil }
        var index = bytes.startIndex + 1
        var length = Int(bytes[index])
        index += 1
        if length & 0x80 != 0 {
            let count = length & 0x7F
            guard (1...4).contains(count), bytes.endIndex - index >= count else { return nil }
            length = bytes[index..<index + count].reduce(0) { $0 << 8 | Int($1) }
            index += count
        }
        guard length >= 0, bytes.endIndex - index >= length else { return nil }
        let contents = bytes[index..<index + length]
        bytes = bytes[(index + length)...]
        return DERReader(bytes: contents)
    }

    /// The next INTEGER's magnitude, big-endian, if it is a nonnegative one (X.690 §8.3).
    mutating func unsignedInteger() -> [UInt8]? {
        guard let contents = element(tag: 0x02)?.bytes, let first = contents.first, first & 0x80 == 0 else {
            return nil
        }
        return Array(contents.drop { $0 == 0 })
    }
}
