import Foundation
#if canImport(CryptoKit)
import CryptoKit
import Security
#else
import Crypto
import _CryptoExtras
#endif

/// The private key a confidential client proves itself with at the token endpoint
/// (`private_key_jwt`, RFC 7523 §2.2, OIDC Core §9): a P-256 key signs ES256, an RSA key of 2048
/// bits or more signs RS256.
///
/// On Linux it comes from a PEM file (``init(contentsOf:keyID:)``); on Apple platforms also from
/// the Secure Enclave (`init(secureEnclave:keyID:)`) or a `SecKey` the app keeps in its Keychain
/// (`init(secKey:keyID:)`). Its `description` names the algorithm and key ID, never the key.
///
/// ```swift
/// let key = try ClientKey(contentsOf: URL(fileURLWithPath: "/etc/agent/client-key.pem"), keyID: "2026-11")
/// let client = try OAuthClient(configuration: configuration, options: ClientOptions(clientID: "agent", clientKey: key))
/// ```
public struct ClientKey: Sendable, Hashable, CustomStringConvertible {
    private enum Material: Sendable {
        case p256(CryptoKitKey<P256.Signing.PrivateKey>)
        #if canImport(CryptoKit)
        case secureEnclave(SecureEnclaveDPoPKey)
        case secKey(CryptoKitKey<SecKey>)
        #else
        case rsa(_RSA.Signing.PrivateKey)
        #endif
    }

    private let material: Material
    /// The JWS algorithm the key signs with: `ES256` or `RS256`.
    public let algorithm: String
    /// The `kid` each assertion's header names, so a server holding several of the client's keys
    /// (a JWKS) finds this one: the one given, else a JWK's own `kid`; `nil` when neither is known,
    /// and then the header has none. `kid` is optional (RFC 7515 §4.1.4): a server holding one key
    /// of the client's uses it, where a name the client invented (its ``thumbprint``, say) matches
    /// no key the server registered and the assertion is refused (issue 53).
    public let keyID: String?
    /// The RFC 7638 thumbprint of the public key, base64url: a name for it every party can compute.
    public let thumbprint: String
    /// The public key's bytes (its raw or DER form), which identify the key for equality.
    private let publicKeyBytes: [UInt8]

    /// A key from PEM text: a P-256 key (`PRIVATE KEY` or `EC PRIVATE KEY`) or an RSA key of at
    /// least 2048 bits (`PRIVATE KEY` or `RSA PRIVATE KEY`).
    public init(pem: String, keyID: String? = nil) throws(OAuthError) {
        if let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) {
            self.init(p256: key, keyID: keyID)
            return
        }
        guard let der = PEMDocument.der(in: pem, labels: ["RSA PRIVATE KEY", "PRIVATE KEY"]),
            let pkcs1 = der.label == "PRIVATE KEY" ? PEMDocument.pkcs1(inPKCS8: der.bytes) : der.bytes
        else { throw Self.unreadable }
        try self.init(pkcs1: pkcs1, keyID: keyID)
    }

    /// A P-256 private key.
    init(p256 key: P256.Signing.PrivateKey, keyID: String?) {
        material = .p256(CryptoKitKey(key))
        algorithm = "ES256"
        publicKeyBytes = Array(key.publicKey.rawRepresentation)
        let (x, y) = key.publicKey.coordinates
        thumbprint = Self.thumbprint(of: .ec(curve: "P-256", x: x, y: y))
        self.keyID = keyID
    }

    /// An RSA private key in its PKCS #1 form.
    init(pkcs1: [UInt8], keyID: String?) throws(OAuthError) {
        guard let (modulus, exponent) = PEMDocument.publicNumbers(inPKCS1: pkcs1) else { throw Self.unreadable }
        // The size first, on every platform: a huge key is work before any library checks it.
        guard RSAKeySize.acceptedBits(ofModulus: modulus) != nil else {
            throw Self.outsideLimits(bits: RSAKeySize.bits(ofBigEndian: modulus))
        }
        thumbprint = Self.thumbprint(of: .rsa(modulus: modulus, exponent: exponent))
        self.keyID = keyID
        #if canImport(CryptoKit)
        let attributes: [CFString: Any] = [
            kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeyClass: kSecAttrKeyClassPrivate,
        ]
        guard let key = SecKeyCreateWithData(Data(pkcs1) as CFData, attributes as CFDictionary, nil) else {
            throw Self.unreadable
        }
        material = .secKey(CryptoKitKey(key))
        publicKeyBytes = Self.publicBytes(of: key)
        #else
        // BoringSSL parses the PKCS #1 form and checks the key (RSA_check_key): a two-prime key
        // whose parts agree, or nothing.
        guard let key = try? _RSA.Signing.PrivateKey(derRepresentation: pkcs1) else { throw Self.unreadable }
        material = .rsa(key)
        publicKeyBytes = Array(key.publicKey.pkcs1DERRepresentation)
        #endif
        algorithm = "RS256"
    }

    /// A key from a file that only its owner can read or write (as `ssh` requires of its keys):
    /// a key others can read is not the client's alone. The file holds PEM or a private JWK
    /// (``init(jwk:keyID:)``), told apart by its first character.
    public init(contentsOf file: URL, keyID: String? = nil) throws(OAuthError) {
        let data = try OwnerOnlyFile.data(at: file.path, holding: "client key")
        guard let text = String(data: data, encoding: .utf8) else {
            throw OAuthError.invalidConfiguration(
                "expected a PEM or JWK client key in \(file.path), found bytes that are not UTF-8")
        }
        do {
            if text.first(where: { !$0.isWhitespace }) == "{" {
                try self.init(jwk: text, keyID: keyID)
            } else {
                try self.init(pem: text, keyID: keyID)
            }
        } catch {
            throw OAuthError.invalidConfiguration("\(error.message) in \(file.path)")
        }
    }

    #if canImport(CryptoKit)
    /// A Secure Enclave P-256 key (ES256): the key never leaves the device, so the server must
    /// know this device's public key (``publicKeyCoordinates``).
    public init(secureEnclave key: SecureEnclaveDPoPKey, keyID: String? = nil) {
        material = .secureEnclave(key)
        algorithm = "ES256"
        publicKeyBytes = key.publicKeyCoordinates.x + key.publicKeyCoordinates.y
        thumbprint = Self.thumbprint(
            of: .ec(curve: "P-256", x: key.publicKeyCoordinates.x, y: key.publicKeyCoordinates.y))
        self.keyID = keyID
    }

    /// A private `SecKey` from the app's Keychain: an RSA key of 2048 bits or more (RS256) or a
    /// P-256 key (ES256).
    public init(secKey key: SecKey, keyID: String? = nil) throws(OAuthError) {
        let attributes = SecKeyCopyAttributes(key) as? [CFString: Any] ?? [:]
        let type = attributes[kSecAttrKeyType] as? String
        let size = attributes[kSecAttrKeySizeInBits] as? Int ?? 0
        if type == (kSecAttrKeyTypeRSA as String), size >= 2048 {
            algorithm = "RS256"
        } else if type == (kSecAttrKeyTypeECSECPrimeRandom as String), size == 256 {
            algorithm = "ES256"
        } else {
            throw OAuthError.invalidConfiguration(
                "expected an RSA key of at least 2048 bits or a P-256 key, found a \(size)-bit key of another kind")
        }
        material = .secKey(CryptoKitKey(key))
        publicKeyBytes = Self.publicBytes(of: key)
        // The public key's external form: PKCS #1 `RSAPublicKey` for RSA, X9.63 (04 ‖ x ‖ y) for EC.
        if algorithm == "RS256" {
            guard let (modulus, exponent) = PEMDocument.publicNumbers(inPKCS1: publicKeyBytes, hasVersion: false) else {
                throw Self.unreadable
            }
            thumbprint = Self.thumbprint(of: .rsa(modulus: modulus, exponent: exponent))
        } else {
            guard publicKeyBytes.count == 65 else { throw Self.unreadable }
            thumbprint = Self.thumbprint(
                of: .ec(curve: "P-256", x: Array(publicKeyBytes[1..<33]), y: Array(publicKeyBytes[33..<65])))
        }
        self.keyID = keyID
    }

    /// The external representation of a `SecKey`'s public key (PKCS #1 or X9.63).
    private static func publicBytes(of key: SecKey) -> [UInt8] {
        guard let publicKey = SecKeyCopyPublicKey(key),
            let data = SecKeyCopyExternalRepresentation(publicKey, nil) as Data?
        else { return [] }
        return Array(data)
    }
    #endif

    /// The JWS signature of `signingInput` under ``algorithm``: `r ‖ s` for ES256 (RFC 7518 §3.4),
    /// the PKCS #1 v1.5 signature for RS256 (§3.3).
    func signature(for signingInput: [UInt8]) throws(OAuthError) -> [UInt8] {
        do {
            switch material {
            case .p256(let key):
                return Array(try key.key.signature(for: signingInput).rawRepresentation)
            #if canImport(CryptoKit)
            case .secureEnclave(let key):
                return try key.signature(for: signingInput)
            case .secKey(let key):
                let secAlgorithm: SecKeyAlgorithm =
                    algorithm == "RS256" ? .rsaSignatureMessagePKCS1v15SHA256 : .ecdsaSignatureMessageX962SHA256
                var failure: Unmanaged<CFError>?
                guard
                    let signature = SecKeyCreateSignature(key.key, secAlgorithm, Data(signingInput) as CFData, &failure)
                        as Data?
                else {
                    throw failure.map { $0.takeRetainedValue() as any Error }
                        ?? OAuthError.invalidConfiguration("the Keychain key did not sign")
                }
                // An EC `SecKey` signs in DER; a JWS carries r ‖ s.
                return algorithm == "RS256"
                    ? Array(signature)
                    : Array(try P256.Signing.ECDSASignature(derRepresentation: signature).rawRepresentation)
            #else
            case .rsa(let key):
                return Array(
                    try key.signature(for: SHA256.hash(data: signingInput), padding: .insecurePKCS1v1_5)
                        .rawRepresentation)
            #endif
            }
        } catch {
            throw OAuthError(
                .invalidConfiguration, "expected the client key to sign a client assertion, found an error",
                underlyingError: error)
        }
    }

    /// Two keys are equal when their algorithm, key ID and public key are.
    public static func == (lhs: ClientKey, rhs: ClientKey) -> Bool {
        lhs.algorithm == rhs.algorithm && lhs.keyID == rhs.keyID && lhs.publicKeyBytes == rhs.publicKeyBytes
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(algorithm)
        hasher.combine(keyID)
        hasher.combine(publicKeyBytes)
    }

    /// The algorithm and key ID (or, without one, the thumbprint), never the key.
    public var description: String {
        "ClientKey(\(algorithm), \(keyID.map { "kid: \($0)" } ?? "no kid, thumbprint: \(thumbprint)"))"
    }

    /// The RFC 7638 thumbprint of a public key, base64url.
    static func thumbprint(of material: JWK.Material) -> String {
        Base64URL.encode(SHA256.hash(data: JWK(material: material).thumbprintInput))
    }

    private static func outsideLimits(bits: Int) -> OAuthError {
        .invalidConfiguration(
            "expected an RSA client key of \(RSAKeySize.accepted.lowerBound) to \(RSAKeySize.accepted.upperBound) bits, found one of \(bits) bits"
        )
    }

    private static let unreadable = OAuthError.invalidConfiguration(
        "expected a PEM private key (P-256, or RSA of at least 2048 bits), found text that is neither (a key file may also hold a private JWK)"
    )
}

extension ClientKey: CustomReflectable {
    /// Its description only: reflection never shows the key.
    public var customMirror: Mirror { .redacted(self) }
}
