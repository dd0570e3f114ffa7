#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif
import Foundation

/// A PKCE code verifier and its challenge (RFC 7636).
@_spi(BuildingBlocks)
public struct PKCE: Sendable, Hashable, Codable {
    /// The secret the client keeps and sends with the code (RFC 7636 §4.1): 43–128 characters of
    /// `[A-Za-z0-9-._~]`.
    public let verifier: String
    /// What the authorization request carries (RFC 7636 §4.2).
    public let challenge: String
    /// How the challenge is derived from the verifier.
    public let method: PKCEMethod

    /// A fresh pair: 32 random bytes → a 43-character verifier.
    public init(method: PKCEMethod = .s256) {
        self = try! PKCE(verifier: SecureRandom.base64URLToken(bytes: 32), method: method)
    }

    /// The pair for a given verifier, e.g. the RFC 7636 Appendix B test vector.
    public init(verifier: String, method: PKCEMethod = .s256) throws(OAuthError) {
        guard (43...128).contains(verifier.count),
            verifier.unicodeScalars.allSatisfy({ Self.verifierCharacters.contains($0) })
        else {
            throw OAuthError.invalidRequest(
                "expected a PKCE verifier of 43–128 characters from [A-Za-z0-9-._~], found \(verifier.count) characters"
            )
        }
        self.verifier = verifier
        self.method = method
        switch method {
        case .s256: challenge = Base64URL.encode(SHA256.hash(data: Data(verifier.utf8)))
        case .plain: challenge = verifier
        case .none: challenge = ""
        }
    }

    private static let verifierCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

extension PKCE: CustomStringConvertible {
    /// The verifier is a secret: it never appears in descriptions or logs.
    public var description: String { "PKCE(method: \(method.rawValue), verifier: <redacted>)" }
}

extension PKCE: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
