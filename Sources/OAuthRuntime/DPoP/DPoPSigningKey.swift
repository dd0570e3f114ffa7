import Foundation

/// The DPoP key a sign-in is bound to, as a pending authorization and a token set keep it:
/// a software key, or (on Apple platforms) a handle to a Secure Enclave key.
///
/// Its `Codable` form is what a token store writes: `{"software": <private scalar>}` or
/// `{"secureEnclave": <enclave handle>}`; it must live where the tokens live (RFC 9449 §7: a
/// DPoP-bound refresh token is useless without its key). Its `description` shows the thumbprint.
public struct DPoPSigningKey: DPoPKey, Codable, Hashable, CustomStringConvertible {
    private enum Storage: Hashable {
        case software(SoftwareDPoPKey)
        #if canImport(CryptoKit)
        case secureEnclave(SecureEnclaveDPoPKey)
        #endif
    }

    private let storage: Storage

    /// A software key.
    public init(_ key: SoftwareDPoPKey) {
        storage = .software(key)
    }

    #if canImport(CryptoKit)
    /// A Secure Enclave key.
    public init(_ key: SecureEnclaveDPoPKey) {
        storage = .secureEnclave(key)
    }
    #endif

    private var key: any DPoPKey {
        switch storage {
        case .software(let key): key
        #if canImport(CryptoKit)
        case .secureEnclave(let key): key
        #endif
        }
    }

    public var publicKeyCoordinates: (x: [UInt8], y: [UInt8]) { key.publicKeyCoordinates }

    public func signature(for signingInput: [UInt8]) throws -> [UInt8] {
        try key.signature(for: signingInput)
    }

    /// The thumbprint, never the key.
    public var description: String { "\(key)" }

    private enum CodingKeys: String, CodingKey {
        case software, secureEnclave
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let raw = try container.decodeIfPresent(Data.self, forKey: .software) {
            storage = .software(try SoftwareDPoPKey(rawRepresentation: raw))
            return
        }
        guard let handle = try container.decodeIfPresent(Data.self, forKey: .secureEnclave) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected a software or secureEnclave key, found neither"))
        }
        #if canImport(CryptoKit)
        storage = .secureEnclave(try SecureEnclaveDPoPKey(dataRepresentation: handle))
        #else
        _ = handle
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: decoder.codingPath,
                debugDescription: "expected a key this platform can use, found a Secure Enclave key"))
        #endif
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch storage {
        case .software(let key): try container.encode(key.rawRepresentation, forKey: .software)
        #if canImport(CryptoKit)
        case .secureEnclave(let key): try container.encode(key.dataRepresentation, forKey: .secureEnclave)
        #endif
        }
    }
}

extension DPoPSigningKey: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
