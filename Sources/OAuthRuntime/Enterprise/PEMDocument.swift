import Foundation

/// The little of PEM (RFC 7468), PKCS #8 (RFC 5208 §5) and PKCS #1 (RFC 8017 §A.1.2) that reading
/// an RSA client key needs: Security's `SecKeyCreateWithData` takes PKCS #1 alone, and the
/// modulus's size is checked before any library parses the key. (CryptoKit and swift-crypto read
/// P-256 PEM themselves.)
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
        var reader = DERReader(bytes: der[...])
        guard var info = reader.element(tag: 0x30), info.element(tag: 0x02) != nil, info.element(tag: 0x30) != nil,
              let key = info.element(tag: 0x04) else { return nil }
        return Array(key.bytes)
    }

    /// The modulus of a PKCS #1 `RSAPrivateKey`: SEQUENCE { INTEGER version, INTEGER modulus, ... };
    /// `nil` for anything else. Reading it is a walk over two lengths, whatever the key's size.
    static func modulus(inPKCS1 der: [UInt8]) -> [UInt8]? {
        var reader = DERReader(bytes: der[...])
        guard var key = reader.element(tag: 0x30), key.unsignedInteger() != nil else { return nil }
        return key.unsignedInteger()
    }
}
