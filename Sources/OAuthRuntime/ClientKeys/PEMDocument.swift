import Foundation

/// The little of PEM (RFC 7468), PKCS #8 (RFC 5208 §5) and PKCS #1 (RFC 8017 §A.1.2) that reading
/// an RSA client key needs: Security's `SecKeyCreateWithData` takes PKCS #1 alone, and the
/// modulus's size is checked before any library parses the key. (CryptoKit and swift-crypto read
/// P-256 PEM themselves.)
enum PEMDocument {
    /// The DER bytes of the first block with one of `labels`, and its label.
    static func der(in text: String, labels: [String]) -> (label: String, bytes: [UInt8])? {
        for label in labels {
            let begin = "-----BEGIN \(label)-----"
            let end = "-----END \(label)-----"
            guard let start = text.range(of: begin),
                let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
            else { continue }
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
            let key = info.element(tag: 0x04)
        else { return nil }
        return Array(key.bytes)
    }

    /// The modulus of a PKCS #1 `RSAPrivateKey`: SEQUENCE { INTEGER version, INTEGER modulus, ... };
    /// `nil` for anything else. Reading it is a walk over two lengths, whatever the key's size.
    static func modulus(inPKCS1 der: [UInt8]) -> [UInt8]? {
        publicNumbers(inPKCS1: der)?.modulus
    }

    /// The modulus and public exponent of a PKCS #1 `RSAPrivateKey` (SEQUENCE { version, n, e, … })
    /// or, with `hasVersion` false, of an `RSAPublicKey` (SEQUENCE { n, e }).
    static func publicNumbers(inPKCS1 der: [UInt8], hasVersion: Bool = true) -> (modulus: [UInt8], exponent: [UInt8])? {
        var reader = DERReader(bytes: der[...])
        guard var key = reader.element(tag: 0x30) else { return nil }
        if hasVersion { guard key.unsignedInteger() != nil else { return nil } }
        guard let modulus = key.unsignedInteger() else { return nil }
        // The exponent is read when asked for; a key cut short after its modulus still has a size.
        return (modulus, key.unsignedInteger() ?? [])
    }

    /// A PKCS #1 `RSAPrivateKey` (RFC 8017 §A.1.2) made of its integers, big-endian magnitudes:
    /// version 0, then n, e, d, p, q, dP, dQ, qInv, each a DER INTEGER (X.690 §8.3).
    static func pkcs1(integers: [[UInt8]]) -> [UInt8] {
        func length(_ count: Int) -> [UInt8] {
            guard count >= 0x80 else { return [UInt8(count)] }
            let bytes = withUnsafeBytes(of: UInt32(count).bigEndian, Array.init).drop { $0 == 0 }
            return [0x80 | UInt8(bytes.count)] + bytes
        }
        func integer(_ magnitude: [UInt8]) -> [UInt8] {
            var contents = Array(magnitude.drop { $0 == 0 })
            if contents.first.map({ $0 & 0x80 != 0 }) ?? true { contents.insert(0, at: 0) }
            return [0x02] + length(contents.count) + contents
        }
        let body = ([[0]] + integers).flatMap(integer)
        return [0x30] + length(body.count) + body
    }
}
