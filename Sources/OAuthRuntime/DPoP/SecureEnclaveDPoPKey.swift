#if canImport(CryptoKit)
import CryptoKit
import Foundation
import Security

/// A P-256 key made in the Secure Enclave: its private part never leaves the hardware, so a
/// copied token store cannot present the tokens it holds (the attack DPoP exists for).
///
/// What a session stores is ``dataRepresentation``: a handle that only this device's enclave
/// can use; on another device, or after the app is deleted, loading it fails and the session
/// must sign in again. Simulators have no enclave: check `SecureEnclave.isAvailable`.
public struct SecureEnclaveDPoPKey: DPoPKey, Hashable, CustomStringConvertible {
    private let wrapped: CryptoKitKey<SecureEnclave.P256.Signing.PrivateKey>
    private var privateKey: SecureEnclave.P256.Signing.PrivateKey { wrapped.key }

    /// A new key in the enclave, usable while the device is unlocked and only on this device
    /// (`kSecAttrAccessibleWhenUnlockedThisDeviceOnly`), with no user presence asked per
    /// proof — a proof signs every refresh and every resource request.
    public init() throws(OAuthError) {
        var failure: Unmanaged<CFError>?
        guard
            let access = SecAccessControlCreateWithFlags(
                nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .privateKeyUsage, &failure)
        else {
            let error = failure?.takeRetainedValue()
            throw OAuthError(
                .dpopKeyFailed, "expected to describe a Secure Enclave key's access, found an error",
                underlyingError: error)
        }
        do {
            wrapped = CryptoKitKey(try SecureEnclave.P256.Signing.PrivateKey(accessControl: access))
        } catch {
            throw OAuthError(
                .dpopKeyFailed,
                "expected a new Secure Enclave key, found an error (is there an enclave? see SecureEnclave.isAvailable)",
                underlyingError: error)
        }
    }

    /// The key a stored ``dataRepresentation`` names, in this device's enclave.
    public init(dataRepresentation: Data) throws(OAuthError) {
        do {
            wrapped = CryptoKitKey(try SecureEnclave.P256.Signing.PrivateKey(dataRepresentation: dataRepresentation))
        } catch {
            throw OAuthError(
                .dpopKeyFailed,
                "expected a Secure Enclave key this device can use, found one it cannot (another device's, or deleted)",
                underlyingError: error)
        }
    }

    /// The enclave's handle to the key (encrypted by the enclave; not the private key).
    public var dataRepresentation: Data { privateKey.dataRepresentation }

    public var publicKeyCoordinates: (x: [UInt8], y: [UInt8]) { privateKey.publicKey.coordinates }

    public func signature(for signingInput: [UInt8]) throws -> [UInt8] {
        Array(try privateKey.signature(for: signingInput).rawRepresentation)
    }

    /// The thumbprint only.
    public var description: String { "SecureEnclaveDPoPKey(thumbprint: \(thumbprint))" }

    public static func == (lhs: SecureEnclaveDPoPKey, rhs: SecureEnclaveDPoPKey) -> Bool {
        lhs.dataRepresentation == rhs.dataRepresentation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(thumbprint)
    }
}
extension SecureEnclaveDPoPKey: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
#endif
