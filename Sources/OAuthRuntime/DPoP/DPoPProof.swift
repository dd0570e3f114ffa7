import Foundation
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif

/// A DPoP proof (RFC 9449 §4.2): a JWS of type `dpop+jwt` that binds one HTTP request to a key.
@_spi(BuildingBlocks)
public enum DPoPProof {
    /// Why a proof could not be made.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        public let description: String
        /// The key's own error when it could not sign (a locked device, a deleted enclave key).
        public var keyError: (any Error)? = nil
    }

    /// The proof for one request.
    ///
    /// - Parameters:
    ///   - key: the key the tokens are (to be) bound to; its public JWK goes in the header.
    ///   - method: the request's method (`htm`).
    ///   - url: the request's URL; `htu` is it without query and fragment (§4.2), normalized (§4.3).
    ///   - accessToken: for a request that presents one, its hash goes in `ath` (§4.2).
    ///   - nonce: the server's latest `DPoP-Nonce` for this server, if it sent one (§8).
    ///   - now: `iat`.
    public static func make(
        key: some DPoPKey, method: String, url: URL, accessToken: String? = nil, nonce: String? = nil,
        now: Date = Date()
    ) throws(Failure) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), components.scheme != nil,
            components.host != nil
        else {
            throw Failure(description: "expected an absolute URL for htu, found \(url.absoluteString)")
        }
        components.query = nil
        components.fragment = nil
        // Normalized as a server compares it (RFC 9449 §4.3, RFC 3986 §6.2.2–6.2.3): scheme and
        // host in lower case, no default port, an empty path as "/". A server that compares the
        // string as sent would otherwise refuse `HTTPS://Server.Example:443` for its own URL.
        components.scheme = components.scheme?.lowercased()
        if let host = components.percentEncodedHost { components.percentEncodedHost = host.lowercased() }
        if (components.scheme == "https" && components.port == 443)
            || (components.scheme == "http" && components.port == 80)
        {
            components.port = nil
        }
        if components.percentEncodedPath.isEmpty { components.percentEncodedPath = "/" }
        guard let htu = components.url?.absoluteString else {
            throw Failure(description: "expected an absolute URL for htu, found \(url.absoluteString)")
        }
        let (x, y) = key.publicKeyCoordinates
        let header = Header(
            typ: "dpop+jwt", alg: "ES256",
            jwk: .init(kty: "EC", crv: "P-256", x: Base64URL.encode(x), y: Base64URL.encode(y)))
        let claims = Claims(
            jti: SecureRandom.base64URLToken(bytes: 16), htm: method.uppercased(), htu: htu,
            iat: Int(now.timeIntervalSince1970),
            ath: accessToken.map { Base64URL.encode(SHA256.hash(data: Array($0.utf8))) }, nonce: nonce)
        let signingInput: String
        do {
            signingInput = try CompactJWS.signingInput(header: header, claims: claims)
        } catch {
            throw Failure(description: "expected the proof to encode as JSON, found: \(error)")
        }
        let signature: [UInt8]
        do {
            signature = try key.signature(for: Array(signingInput.utf8))
        } catch {
            throw Failure(description: "expected the DPoP key to sign, found an error", keyError: error)
        }
        guard signature.count == 64 else {
            throw Failure(description: "expected a 64-octet ES256 signature, found \(signature.count) octets")
        }
        return signingInput + "." + Base64URL.encode(signature)
    }

    struct Header: Encodable {
        struct Key: Encodable {
            var kty: String
            var crv: String
            var x: String
            var y: String
        }

        var typ: String
        var alg: String
        var jwk: Key
    }

    struct Claims: Encodable {
        var jti: String
        var htm: String
        var htu: String
        var iat: Int
        var ath: String?
        var nonce: String?
    }
}
