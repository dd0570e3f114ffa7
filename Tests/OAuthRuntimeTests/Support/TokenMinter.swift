import CryptoExtras
import Foundation
import JWTKit
@_spi(BuildingBlocks) @testable import OAuthRuntime

/// Mints ID tokens with keys made in the test, for the checks a real provider cannot be made to fail.
struct MintedKey: Sendable {
    let kid: String
    let signer: JWTKeyCollection
    /// The same key for PS256 (RSASSA-PSS with SHA-256).
    let pssSigner: JWTKeyCollection
    let publicJWK: [String: String]
    let publicPEM: String

    static func rsa(kid: String) async throws -> MintedKey {
        let key = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        let signer = JWTKeyCollection()
        await signer.add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
        let pssSigner = JWTKeyCollection()
        await pssSigner.add(pss: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
        let (modulus, exponent) = try key.publicKey.getKeyPrimitives()
        return MintedKey(
            kid: kid, signer: signer, pssSigner: pssSigner,
            publicJWK: [
                "kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256", "n": Base64URL.encode(modulus),
                "e": Base64URL.encode(exponent),
            ],
            publicPEM: key.publicKey.pemRepresentation)
    }

    func sign(_ claims: [String: ClaimValue], kid: String? = nil) async throws -> String {
        try await signer.sign(AnyClaims(claims), kid: JWKIdentifier(string: kid ?? self.kid))
    }

    /// RS256 with no `kid` in the header.
    func signWithoutKid(_ claims: [String: ClaimValue]) async throws -> String {
        try await signer.sign(AnyClaims(claims))
    }

    func signPSS(_ claims: [String: ClaimValue]) async throws -> String {
        try await pssSigner.sign(AnyClaims(claims), kid: JWKIdentifier(string: kid))
    }
}

/// A JWT payload of arbitrary claims.
struct AnyClaims: JWTPayload {
    var claims: [String: ClaimValue]

    init(_ claims: [String: ClaimValue]) { self.claims = claims }

    init(from decoder: any Decoder) throws {
        claims = try [String: ClaimValue](from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try claims.encode(to: encoder)
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// A JWKS document with the given public keys.
func jwks(_ keys: [MintedKey]) -> HTTPResponse {
    let data = try! JSONSerialization.data(withJSONObject: ["keys": keys.map(\.publicJWK)])
    return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: data)
}

/// A compact JWS from raw parts, for headers jwt-kit would never write.
func handmadeToken(header: String, payload: [String: ClaimValue], signature: String = "c2ln") throws -> String {
    Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(try JSONEncoder().encode(payload)) + "." + signature
}
