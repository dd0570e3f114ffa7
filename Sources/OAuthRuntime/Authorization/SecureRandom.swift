import Foundation

/// Random values for PKCE verifiers, `state` and `nonce`.
///
/// `SystemRandomNumberGenerator` is documented as cryptographically secure on every platform Swift
/// supports (arc4random_buf on Apple platforms, getrandom(2) on Linux, BCryptGenRandom on Windows).
enum SecureRandom {
    /// `count` random bytes.
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `count` random bytes as unpadded base64url text (RFC 4648 §5): `[A-Za-z0-9-_]` only.
    static func base64URLToken(bytes count: Int) -> String {
        Base64URL.encode(bytes(count))
    }
}

/// Unpadded base64url (RFC 4648 §5), as PKCE and JOSE use it.
enum Base64URL {
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: some StringProtocol) -> Data? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        switch base64.count % 4 {
        case 2: base64 += "=="
        case 3: base64 += "="
        case 1: return nil
        default: break
        }
        return Data(base64Encoded: base64)
    }
}
