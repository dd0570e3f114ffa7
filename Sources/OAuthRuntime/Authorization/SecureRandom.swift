import Foundation

/// Random values for PKCE verifiers, `state` and `nonce`.
///
/// `SystemRandomNumberGenerator` is documented as cryptographically secure on every platform Swift
/// supports (arc4random_buf on Apple platforms, getrandom(2) on Linux, BCryptGenRandom on Windows).
enum SecureRandom {
    /// `count` random bytes.
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var result = [UInt8]()
        result.reserveCapacity(count + 7)
        while result.count < count {
            let word = generator.next()
            withUnsafeBytes(of: word) { result.append(contentsOf: $0) }
        }
        result.removeLast(result.count - count)
        return result
    }

    /// `count` random bytes as unpadded base64url text (RFC 4648 §5): `[A-Za-z0-9-_]` only.
    static func base64URLToken(bytes count: Int) -> String {
        Base64URL.encode(bytes(count))
    }
}
