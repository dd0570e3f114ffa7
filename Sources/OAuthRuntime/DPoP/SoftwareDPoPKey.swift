import Foundation
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif

/// A P-256 key made in software by the platform's crypto (CryptoKit; swift-crypto elsewhere).
///
/// It is `Codable` so a session can keep it with its tokens — the store is where a relaunched app
/// finds both (RFC 9449 §7: a DPoP-bound refresh token is useless without its key). Its
/// `description` shows the thumbprint only.
public struct SoftwareDPoPKey: DPoPKey, Codable, Hashable, CustomStringConvertible {
    private let wrapped: CryptoKitKey<P256.Signing.PrivateKey>
    private var privateKey: P256.Signing.PrivateKey { wrapped.key }

    /// A new random key.
    public init() {
        wrapped = CryptoKitKey(P256.Signing.PrivateKey())
    }

    /// A key from its raw private scalar (32 octets), as ``rawRepresentation`` gave it.
    public init(rawRepresentation: Data) throws {
        wrapped = CryptoKitKey(try P256.Signing.PrivateKey(rawRepresentation: rawRepresentation))
    }

    /// The private scalar, for storing the key; keep it where the tokens are kept.
    public var rawRepresentation: Data { privateKey.rawRepresentation }

    public var publicKeyCoordinates: (x: [UInt8], y: [UInt8]) { privateKey.publicKey.coordinates }

    public func signature(for signingInput: [UInt8]) throws -> [UInt8] {
        Array(try privateKey.signature(for: signingInput).rawRepresentation)
    }

    /// The thumbprint, never the private key.
    public var description: String { "SoftwareDPoPKey(thumbprint: \(thumbprint))" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(rawRepresentation: try container.decode(Data.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawRepresentation)
    }

    public static func == (lhs: SoftwareDPoPKey, rhs: SoftwareDPoPKey) -> Bool {
        lhs.rawRepresentation == rhs.rawRepresentation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(thumbprint)
    }
}

extension SoftwareDPoPKey: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
