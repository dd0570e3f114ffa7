import Foundation
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
import _CryptoExtras
#endif
#if canImport(CryptoKit) && canImport(Security)
import Security
#endif

/// Checks JWS signatures (RFC 7515 §5.2) made with one public key under one algorithm. Built
/// once per key and algorithm, since building one parses the key.
///
/// The platform's cryptography does the work: on Apple platforms CryptoKit (ECDSA, Ed25519) and
/// Security's `SecKey` (RSA), so an app links nothing third-party through the runtime; elsewhere
/// swift-crypto (`Crypto`, and `_CryptoExtras`'s `_RSA` for RSA, both BoringSSL). An RSA key's
/// size is checked first, on every platform (``RSAKeySize``).
struct SignatureVerifier: Sendable {
    /// Why a key cannot verify an algorithm.
    enum KeyError: Error, Sendable, Equatable {
        /// The key's type or curve does not fit the algorithm.
        case mismatch
        /// The platform refused the key material (a point off the curve, an RSA exponent BoringSSL
        /// or Security refuses).
        case unusable
        /// An RSA modulus outside ``RSAKeySize/accepted``, refused before any arithmetic.
        case modulusSize(bits: Int)
    }

    private let check: @Sendable (_ signature: [UInt8], _ input: [UInt8]) -> Bool

    init(key: JWK, algorithm: JWSAlgorithm) throws(KeyError) {
        guard key.fits(algorithm) else { throw .mismatch }
        do {
            check = try Self.checker(key.material, algorithm)
        } catch let error as KeyError {
            throw error
        } catch {
            throw .unusable
        }
    }

    /// Whether `signature` is the algorithm's signature over `input`, the JWS signing input.
    func verify(_ signature: [UInt8], signs input: some Collection<UInt8>) -> Bool {
        check(signature, Array(input))
    }

    private static func checker(
        _ material: JWK.Material, _ algorithm: JWSAlgorithm
    ) throws -> @Sendable ([UInt8], [UInt8]) -> Bool {
        switch (material, algorithm) {
        case (.ec(_, let x, let y), .es256):
            let key = CryptoKitKey(try P256.Signing.PublicKey(rawRepresentation: x + y))
            return { signature, input in
                guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else {
                    return false
                }
                return key.key.isValidSignature(signature, for: SHA256.hash(data: input))
            }
        case (.ec(_, let x, let y), .es384):
            let key = CryptoKitKey(try P384.Signing.PublicKey(rawRepresentation: x + y))
            return { signature, input in
                guard let signature = try? P384.Signing.ECDSASignature(rawRepresentation: signature) else {
                    return false
                }
                return key.key.isValidSignature(signature, for: SHA384.hash(data: input))
            }
        case (.ec(_, let x, let y), .es512):
            let key = CryptoKitKey(try P521.Signing.PublicKey(rawRepresentation: x + y))
            return { signature, input in
                guard let signature = try? P521.Signing.ECDSASignature(rawRepresentation: signature) else {
                    return false
                }
                return key.key.isValidSignature(signature, for: SHA512.hash(data: input))
            }
        case (.okp(_, let x), .edDSA):
            let key = CryptoKitKey(try Curve25519.Signing.PublicKey(rawRepresentation: x))
            return { signature, input in key.key.isValidSignature(signature, for: input) }
        case (.rsa(let modulus, let exponent), _):
            guard RSAKeySize.acceptedBits(ofModulus: modulus) != nil else {
                throw KeyError.modulusSize(bits: RSAKeySize.bits(ofBigEndian: modulus))
            }
            return try rsaChecker(modulus: modulus, exponent: exponent, algorithm)
        default:
            throw KeyError.mismatch
        }
    }

    #if canImport(CryptoKit) && canImport(Security)
    /// Security's `SecKey`, from the PKCS #1 `RSAPublicKey` the JWK's `n` and `e` make.
    private static func rsaChecker(
        modulus: [UInt8], exponent: [UInt8], _ algorithm: JWSAlgorithm
    ) throws -> @Sendable ([UInt8], [UInt8]) -> Bool {
        let attributes: [CFString: Any] = [
            kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeyClass: kSecAttrKeyClassPublic,
        ]
        let der = DER.sequence(DER.integer(modulus) + DER.integer(exponent))
        guard let key = SecKeyCreateWithData(Data(der) as CFData, attributes as CFDictionary, nil) else {
            throw KeyError.unusable
        }
        let secAlgorithm: SecKeyAlgorithm
        switch algorithm {
        case .rs256: secAlgorithm = .rsaSignatureMessagePKCS1v15SHA256
        case .rs384: secAlgorithm = .rsaSignatureMessagePKCS1v15SHA384
        case .rs512: secAlgorithm = .rsaSignatureMessagePKCS1v15SHA512
        case .ps256: secAlgorithm = .rsaSignatureMessagePSSSHA256
        case .ps384: secAlgorithm = .rsaSignatureMessagePSSSHA384
        case .ps512: secAlgorithm = .rsaSignatureMessagePSSSHA512
        default: throw KeyError.mismatch
        }
        let sendableKey = SendableSecKey(key: key)
        return { signature, input in
            SecKeyVerifySignature(sendableKey.key, secAlgorithm, Data(input) as CFData, Data(signature) as CFData, nil)
        }
    }

    /// `SecKey` is an immutable CoreFoundation object that Security documents as safe to use from
    /// any thread; it is only not annotated.
    private struct SendableSecKey: @unchecked Sendable {
        let key: SecKey
    }
    #else
    /// swift-crypto's `_RSA` (BoringSSL): PKCS #1 v1.5, and PSS with MGF1 over the same hash and a
    /// salt as long as the hash, as RFC 7518 §3.5 fixes it.
    private static func rsaChecker(
        modulus: [UInt8], exponent: [UInt8], _ algorithm: JWSAlgorithm
    ) throws -> @Sendable ([UInt8], [UInt8]) -> Bool {
        let key = try _RSA.Signing.PublicKey(n: modulus, e: exponent)
        let padding: _RSA.Signing.Padding
        switch algorithm {
        case .rs256, .rs384, .rs512: padding = .insecurePKCS1v1_5
        case .ps256, .ps384, .ps512: padding = .PSS
        default: throw KeyError.mismatch
        }
        let digest = algorithm.digest
        return { signature, input in
            let signature = _RSA.Signing.RSASignature(rawRepresentation: signature)
            switch digest {
            case .sha256: return key.isValidSignature(signature, for: SHA256.hash(data: input), padding: padding)
            case .sha384: return key.isValidSignature(signature, for: SHA384.hash(data: input), padding: padding)
            case .sha512: return key.isValidSignature(signature, for: SHA512.hash(data: input), padding: padding)
            }
        }
    }
    #endif
}

extension JWK {
    /// The RFC 7638 thumbprint: SHA-256 of the canonical JSON of the required members.
    var thumbprint: [UInt8] {
        Array(SHA256.hash(data: thumbprintInput))
    }
}
