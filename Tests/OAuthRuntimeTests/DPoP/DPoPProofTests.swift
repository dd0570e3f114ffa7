import Foundation
import JWTKit
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// DPoP proofs against RFC 9449 §4.2–4.3: every header member and claim, `ath` and `htu` as the
/// RFC computes them, the thumbprint of the RFC's own example key, and signatures that both the
/// runtime's verifier and vapor/jwt-kit accept.
@Suite struct DPoPProofTests {
    /// The public key of RFC 9449's examples (§4.1), for the values the RFC prints; it cannot sign.
    struct ExampleKey: DPoPKey {
        var publicKeyCoordinates: (x: [UInt8], y: [UInt8]) {
            (
                Array(Base64URL.decode("l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs")!),
                Array(Base64URL.decode("9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDA")!)
            )
        }

        func signature(for signingInput: [UInt8]) throws -> [UInt8] { throw CancellationError() }
    }

    func parts(_ proof: String) throws -> (header: [String: Any], claims: [String: Any]) {
        let segments = proof.split(separator: ".", omittingEmptySubsequences: false)
        try #require(segments.count == 3)
        let headerData = try #require(Base64URL.decode(segments[0]))
        let claimsData = try #require(Base64URL.decode(segments[1]))
        let header = try #require(try JSONSerialization.jsonObject(with: headerData) as? [String: Any])
        let claims = try #require(try JSONSerialization.jsonObject(with: claimsData) as? [String: Any])
        return (header, claims)
    }

    @Test func theThumbprintOfTheRFCExampleKeyIsTheRFCs() {
        // RFC 9449 §6.1: "jkt":"0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I" for the §4.1 key.
        #expect(ExampleKey().thumbprint == "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I")
    }

    @Test func theHeaderCarriesTheTypeTheAlgorithmAndThePublicKeyOnly() throws {
        let key = SoftwareDPoPKey()
        let (header, _) = try parts(
            try DPoPProof.make(key: key, method: "POST", url: URL(string: "https://server.example.com/token")!))
        #expect(header["typ"] as? String == "dpop+jwt")
        #expect(header["alg"] as? String == "ES256")
        let jwk = try #require(header["jwk"] as? [String: String])
        #expect(Set(jwk.keys) == ["kty", "crv", "x", "y"])  // no "d": never the private key
        #expect(jwk["kty"] == "EC" && jwk["crv"] == "P-256")
        #expect(jwk["x"].flatMap { Base64URL.decode($0) }?.count == 32)
        #expect(Set(header.keys) == ["typ", "alg", "jwk"])
    }

    @Test func theClaimsNameTheRequest() throws {
        let now = Date(timeIntervalSince1970: 1_562_262_616)
        let proof = try DPoPProof.make(
            key: SoftwareDPoPKey(), method: "get",
            url: URL(string: "https://Server.example.com:8443/r/a%20b?x=1#frag")!, now: now)
        let (_, claims) = try parts(proof)
        #expect(claims["htm"] as? String == "GET")
        // §4.2: the target URI without query and fragment; §4.3: the host normalized to lower case.
        #expect(claims["htu"] as? String == "https://server.example.com:8443/r/a%20b")
        #expect(claims["iat"] as? Int == 1_562_262_616)
        #expect((claims["jti"] as? String).map { Base64URL.decode($0)?.count } == 16)
        #expect(claims["ath"] == nil && claims["nonce"] == nil)
        #expect(Set(claims.keys) == ["jti", "htm", "htu", "iat"])
    }

    /// Before the fix `htu` kept the URL's spelling: a server comparing normalized URIs
    /// (RFC 9449 §4.3, RFC 3986 §6.2.2–6.2.3) saw a proof for another URI.
    @Test(arguments: [
        ("HTTPS://Server.Example.COM:443/token", "https://server.example.com/token"),
        ("http://127.0.0.1:80/token", "http://127.0.0.1/token"),
        ("https://server.example.com", "https://server.example.com/"),
        ("https://server.example.com:8443/Token/Path", "https://server.example.com:8443/Token/Path"),
    ])
    func htuIsNormalizedAsAServerComparesIt(url: String, htu: String) throws {
        let proof = try DPoPProof.make(key: SoftwareDPoPKey(), method: "POST", url: URL(string: url)!)
        #expect(try parts(proof).1["htu"] as? String == htu)
    }

    @Test func athIsTheRFCsHashOfTheAccessTokenAndTheNonceIsEchoed() throws {
        // RFC 9449 §7.1's example token and its ath.
        let proof = try DPoPProof.make(
            key: SoftwareDPoPKey(), method: "GET", url: URL(string: "https://resource.example.org/protectedresource")!,
            accessToken: "Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU", nonce: "eyJ7S_zG.eyJH0-Z.HX4w-7v")
        let (_, claims) = try parts(proof)
        #expect(claims["ath"] as? String == "fUHyO2r2Z3DZ53EsNrWBb0xWXoaNy59IiKCAqksmQEo")
        #expect(claims["nonce"] as? String == "eyJ7S_zG.eyJH0-Z.HX4w-7v")
    }

    @Test func everyProofHasItsOwnJTI() throws {
        let key = SoftwareDPoPKey()
        var seen = Set<String>()
        for _ in 0..<500 {
            let (_, claims) = try parts(
                try DPoPProof.make(key: key, method: "POST", url: URL(string: "https://server.example.com/token")!))
            seen.insert(try #require(claims["jti"] as? String))
        }
        #expect(seen.count == 500)
    }

    @Test func theSignatureVerifiesWithTheRuntimesVerifierAndWithJWTKit() async throws {
        let key = SoftwareDPoPKey()
        let proof = try DPoPProof.make(key: key, method: "POST", url: URL(string: "https://server.example.com/token")!)
        let jws = try CompactJWS(proof)
        let verifier = try SignatureVerifier(key: key.publicJWK, algorithm: .es256)
        #expect(verifier.verify(jws.signature, signs: jws.signingInput))

        // Independently: jwt-kit, given the header's JWK.
        struct Payload: JWTPayload {
            var htm: String
            var htu: String
            func verify(using algorithm: some JWTAlgorithm) throws {}
        }
        let (header, _) = try parts(proof)
        let jwk = try #require(header["jwk"] as? [String: String])
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PublicKey(parameters: (x: try #require(jwk["x"]), y: try #require(jwk["y"]))))
        let verified = try await keys.verify(proof, as: Payload.self)
        #expect(verified.htu == "https://server.example.com/token")
    }

    @Test func aSoftwareKeySurvivesCodingAndShowsOnlyItsThumbprint() throws {
        let key = SoftwareDPoPKey()
        let decoded = try JSONDecoder().decode(SoftwareDPoPKey.self, from: try JSONEncoder().encode(key))
        #expect(decoded == key)
        #expect(decoded.thumbprint == key.thumbprint)
        #expect(key.description == "SoftwareDPoPKey(thumbprint: \(key.thumbprint))")
        #expect(!key.description.contains(Base64URL.encode(key.rawRepresentation)))
    }
}
