import Foundation

/// Where a client makes the DPoP key of each new sign-in.
public struct DPoPKeyStorage: Sendable, Hashable {
    private enum Kind: Hashable {
        case software
        #if canImport(CryptoKit)
        case secureEnclave
        #endif
    }

    private let kind: Kind

    /// A software P-256 key (``SoftwareDPoPKey``): the default, available everywhere.
    public static let software = DPoPKeyStorage(kind: .software)

    #if canImport(CryptoKit)
    /// A Secure Enclave key (``SecureEnclaveDPoPKey``); a sign-in fails with
    /// ``OAuthError/Kind/dpopKeyFailed`` where there is no enclave (check `SecureEnclave.isAvailable`).
    public static let secureEnclave = DPoPKeyStorage(kind: .secureEnclave)
    #endif

    /// A new key of this kind.
    package func makeKey() throws(OAuthError) -> DPoPSigningKey {
        switch kind {
        case .software:
            return DPoPSigningKey(SoftwareDPoPKey())
        #if canImport(CryptoKit)
        case .secureEnclave:
            return DPoPSigningKey(try SecureEnclaveDPoPKey())
        #endif
        }
    }
}
