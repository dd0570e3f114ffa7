import Foundation

/// The little of PEM (RFC 7468) and PKCS #8 (RFC 5208 §5) that importing an RSA client key into
/// Security needs: `SecKeyCreateWithData` takes PKCS #1 alone. (CryptoKit reads P-256 PEM itself;
/// elsewhere swift-crypto reads both.)
enum PEMDocument {
    /// The DER bytes of the first block with one of `labels`, and its label.
    static func der(in text: String, labels: [String]) -> (label: String, bytes: [UInt8])? {
        for label in labels {
            let begin = "-----BEGIN \(label)-----", end = "-----END \(label)-----"
            guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else { continue }
            let body = text[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: String(body)) else { return nil }
            return (label, Array(data))
        }
        return nil
    }

    /// The PKCS #1 `RSAPrivateKey` inside a PKCS #8 `PrivateKeyInfo`: SEQUENCE { INTEGER version,
    /// SEQUENCE algorithm, OCTET STRING privateKey, ... }; `nil` for anything else.
    static func pkcs1(inPKCS8 der: [UInt8]) -> [UInt8]? {
        var reader = Reader(bytes: der[...])
        guard var info = reader.element(tag: 0x30), info.element(tag: 0x02) != nil, info.element(tag: 0x30) != nil,
              let key = info.element(tag: 0x04) else { return nil }
        return Array(key.bytes)
    }

    /// Reads DER tag-length-value elements (X.690 §8.1) from the front.
    private struct Reader {
        var bytes: ArraySlice<UInt8>

        /// The contents of the next element if it has `tag`, moving past it.
        mutating func element(tag: UInt8) -> Reader? {
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
            return Reader(bytes: contents)
        }
    }
}
