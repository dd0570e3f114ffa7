import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// The runtime's JOSE layer against the RFCs' own examples: RFC 7515 Appendix A.2 (RS256) and
/// A.3 (ES256), RFC 8037 Appendix A.4 (Ed25519), RFC 7638 §3.1 (thumbprint).
@Suite struct JOSEVectorTests {
    static let payload =
        "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"

    static let rfc7515RSA =
        #"{"kty": "RSA", "e": "AQAB", "n": "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ"}"#
    static let rfc7515RS256 =
        "eyJhbGciOiJSUzI1NiJ9.\(payload).cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw"

    static let rfc7515EC =
        #"{"kty": "EC", "crv": "P-256", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU", "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}"#
    static let rfc7515ES256 =
        "eyJhbGciOiJFUzI1NiJ9.\(payload).DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"

    static let rfc8037OKP = #"{"kty": "OKP", "crv": "Ed25519", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#
    static let rfc8037EdDSA =
        "eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc.hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg"

    /// Splits a compact JWS into its signing input and signature.
    static func parts(_ jws: String) -> (input: [UInt8], signature: [UInt8]) {
        let pieces = jws.split(separator: ".")
        return (Array("\(pieces[0]).\(pieces[1])".utf8), Base64URL.decodeBytes(pieces[2].utf8)!)
    }

    /// A JWK from its JSON text.
    static func jwk(_ json: String) -> JWK? {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]).flatMap(JWK.init)
    }

    /// The JSON object of a JWK, to edit.
    static func object(_ json: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]) ?? [:]
    }

    static func verifies(_ json: String, _ algorithm: JWSAlgorithm, _ jws: String) throws -> Bool {
        let key = try #require(jwk(json))
        let (input, signature) = parts(jws)
        return try SignatureVerifier(key: key, algorithm: algorithm).verify(signature, signs: input)
    }

    @Test(arguments: [
        (rfc7515RSA, JWSAlgorithm.rs256, rfc7515RS256),
        (rfc7515EC, JWSAlgorithm.es256, rfc7515ES256),
        (rfc8037OKP, JWSAlgorithm.edDSA, rfc8037EdDSA),
    ])
    func theRFCExamplesVerifyAndNothingElseDoes(json: String, algorithm: JWSAlgorithm, jws: String) throws {
        #expect(try Self.verifies(json, algorithm, jws))
        let key = try #require(Self.jwk(json))
        let verifier = try SignatureVerifier(key: key, algorithm: algorithm)
        let (input, signature) = Self.parts(jws)
        // One flipped bit in the signature, one in the signing input, a truncated signature.
        var flipped = signature
        flipped[flipped.count / 2] ^= 0x01
        #expect(!verifier.verify(flipped, signs: input))
        var altered = input
        altered[altered.count - 1] ^= 0x01
        #expect(!verifier.verify(signature, signs: altered))
        #expect(!verifier.verify(Array(signature.dropLast()), signs: input))
        #expect(!verifier.verify([], signs: input))
    }

    @Test func aKeyVerifiesOnlyItsOwnAlgorithms() throws {
        let rsa = try #require(Self.jwk(Self.rfc7515RSA))
        // PS256 over the RS256 signature: same key, other padding, refused.
        let (input, signature) = Self.parts(Self.rfc7515RS256)
        #expect(!(try SignatureVerifier(key: rsa, algorithm: .ps256).verify(signature, signs: input)))
        #expect(throws: SignatureVerifier.KeyError.mismatch) { try SignatureVerifier(key: rsa, algorithm: .es256) }
        let ec = try #require(Self.jwk(Self.rfc7515EC))
        #expect(throws: SignatureVerifier.KeyError.mismatch) { try SignatureVerifier(key: ec, algorithm: .es384) }
        #expect(throws: SignatureVerifier.KeyError.mismatch) { try SignatureVerifier(key: ec, algorithm: .rs256) }
        // A key whose `alg` names another algorithm does not verify this one.
        var pinned = Self.object(Self.rfc7515RSA)
        pinned["alg"] = "RS512"
        #expect(throws: SignatureVerifier.KeyError.mismatch) {
            try SignatureVerifier(key: #require(JWK(pinned)), algorithm: .rs256)
        }
    }

    @Test func rsaKeysUnder2048BitsAreRefused() throws {
        // The RFC 7515 A.2 modulus cut to 1024 bits: a well-formed JWK refused for its size.
        let modulus = try #require(
            (Self.object(Self.rfc7515RSA)["n"] as? String).flatMap { Base64URL.decodeBytes($0.utf8) })
        let short: [String: Any] = ["kty": "RSA", "e": "AQAB", "n": Base64URL.encode(modulus.prefix(128))]
        #expect(throws: SignatureVerifier.KeyError.modulusSize(bits: 1024)) {
            try SignatureVerifier(key: #require(JWK(short)), algorithm: .rs256)
        }
    }

    @Test func rfc7638Thumbprint() throws {
        var jwk: [String: Any] = [
            "kty": "RSA", "e": "AQAB", "alg": "RS256", "kid": "2011-04-29",
            "n":
                "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw",
        ]
        let key = try #require(JWK(jwk))
        #expect(Base64URL.encode(key.thumbprint) == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
        // The optional members take no part.
        jwk["alg"] = nil
        jwk["kid"] = nil
        #expect(try #require(JWK(jwk)).thumbprint == key.thumbprint)
        // EC: crv, kty, x, y in that order (RFC 7638 §3.2).
        let ec = try #require(Self.jwk(Self.rfc7515EC))
        #expect(
            String(decoding: ec.thumbprintInput, as: UTF8.self)
                == #"{"crv":"P-256","kty":"EC","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}"#
        )
    }

    @Test(arguments: [
        #"{"kty": "oct", "k": "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"}"#,
        #"{"kty": "RSA", "e": "AQAB", "n": "ofgW", "use": "enc"}"#,
        #"{"kty": "RSA", "e": "AQAB", "n": "ofgW", "key_ops": ["encrypt"]}"#,
        #"{"kty": "RSA", "e": "AQAB", "n": "ofg="}"#,
        #"{"kty": "RSA", "e": "AQAB", "n": "of+W"}"#,
        #"{"kty": "RSA", "e": "AQAB"}"#,
        #"{"kty": "EC", "crv": "P-256", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVE", "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}"#,
        #"{"kty": "EC", "crv": "secp256k1", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU", "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}"#,
        #"{"kty": "OKP", "crv": "Ed448", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#,
        #"{"kty": "OKP", "crv": "X25519", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#,
        #"{"kty": "RSA", "e": "AQAB", "n": "ofgW", "kid": 7}"#,
    ])
    func whatIsNoSigningKeyIsNotAJWK(json: String) {
        #expect(Self.jwk(json) == nil)
    }
}
