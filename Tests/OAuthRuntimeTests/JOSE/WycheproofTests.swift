import Foundation
@testable import OAuthRuntime
import Testing

/// Project Wycheproof's vectors through the path an ID token's or a DPoP proof's signature
/// takes: the key as a JWKS entry (`JWK`), a `SignatureVerifier` for the token's algorithm, the
/// signature over the bytes; and RS256 signing through `ClientKey` from both PEM forms a client
/// key file comes in.
///
/// Every `valid` vector verifies and every `invalid` one is refused. `acceptable` vectors are
/// legal but discouraged; what each gets is asserted below: the RSA ones (a DigestInfo without
/// its NULL) are refused, as BoringSSL refuses them, and the small-exponent (e = 3) keys of the
/// generation files sign and verify. A vector whose parameters no JOSE algorithm uses (SHA-1 or
/// SHA-224) is counted apart, never silently dropped: every file's count adds up.
///
/// No vector in this subset covers ES512 (P-521) or PS384 with a key over 2048 bits; the RFC
/// examples and the jwt-kit differential suite (`JOSEDifferentialTests`) cover those.
@Suite struct WycheproofTests {
    /// What one file's vectors got.
    struct Tally: CustomStringConvertible {
        var verified = 0, refused = 0, acceptableRefused = 0, acceptableVerified = 0, outsideJOSE = 0
        var total: Int { verified + refused + acceptableRefused + acceptableVerified + outsideJOSE }
        var description: String {
            "\(verified) valid verified, \(refused) invalid refused, \(acceptableRefused) acceptable refused, "
                + "\(acceptableVerified) acceptable verified, \(outsideJOSE) outside JOSE"
        }
    }

    @Test(arguments: WycheproofFile.verificationFiles)
    func everyVectorGetsItsResult(file name: String) throws {
        let file = try WycheproofFile.load(name)
        var tally = Tally()
        for group in file.testGroups {
            guard let algorithm = file.jwsAlgorithm(of: group) else {
                tally.outsideJOSE += group.tests.count
                continue
            }
            let key = try #require(
                JWK(group.jwkObject(curveSize: algorithm == .es256 ? 32 : 48)), "\(name): a group's key is no JWK")
            let verifier = try SignatureVerifier(key: key, algorithm: algorithm)
            for vector in group.tests {
                let verified = verifier.verify(vector.signature, signs: vector.message)
                let what = "\(name) #\(vector.tcId) (\(vector.result), \(vector.comment))"
                switch vector.result {
                case "valid":
                    #expect(verified, "\(what) did not verify")
                    tally.verified += verified ? 1 : 0
                case "invalid":
                    #expect(!verified, "\(what) verified")
                    tally.refused += verified ? 0 : 1
                default:
                    // The RSA DigestInfo without its NULL parameter (RFC 8017 §9.2 note 1 allows
                    // it; BoringSSL and this runtime build the encoding whole and compare).
                    #expect(vector.flags == ["MissingNull"], "\(what): an acceptable vector of a kind not seen before")
                    #expect(!verified, "\(what) verified")
                    tally.acceptableRefused += verified ? 0 : 1
                }
            }
        }
        print("Wycheproof \(name): \(tally)")
        // No vector was skipped: every one counted went one of the ways above and as expected.
        #expect(tally.total == file.numberOfTests)
        #expect(tally.outsideJOSE == 0)
    }

    /// RS256 signing is deterministic (RSASSA-PKCS1-v1_5): a client key signs exactly the vector's
    /// signature. Every group's signatures also verify through the verifier, RS384 and RS512 too.
    @Test(arguments: WycheproofFile.generationFiles)
    func clientKeysSignTheVectorsSignatures(file name: String) throws {
        let file = try WycheproofFile.load(name)
        var tally = Tally()
        var signed = 0
        for group in file.testGroups {
            guard let algorithm = file.jwsAlgorithm(of: group) else {
                // SHA-1 and SHA-224: no JWS algorithm (RFC 7518 §3.1) signs with them.
                tally.outsideJOSE += group.tests.count
                continue
            }
            let verifier = try SignatureVerifier(
                key: try #require(JWK(group.jwkObject(curveSize: nil))), algorithm: algorithm)
            let keys = algorithm == .rs256 ? try Self.clientKeys(group) : []
            for vector in group.tests {
                let what = "\(name) #\(vector.tcId) (\(vector.result), \(vector.flags))"
                #expect(
                    vector.result == "valid" || vector.flags == ["SmallPublicKey"],
                    "\(what): a vector of a kind not seen before")
                let verified = verifier.verify(vector.signature, signs: vector.message)
                #expect(verified, "\(what) did not verify")
                if vector.result == "valid" {
                    tally.verified += verified ? 1 : 0
                } else {
                    tally.acceptableVerified += verified ? 1 : 0
                }
                for key in keys {
                    #expect(try key.signature(for: vector.message) == vector.signature, "\(what): another signature")
                    signed += 1
                }
            }
        }
        print("Wycheproof \(name): \(tally); \(signed) RS256 signatures made by client keys, each the vector's")
        #expect(tally.total == file.numberOfTests)
        #expect(signed > 0)
    }

    /// The group's private key as a client key from its PKCS #1 PEM and from its PKCS #8 DER in
    /// a `PRIVATE KEY` PEM: the two forms a key file comes in.
    static func clientKeys(_ group: WycheproofFile.Group) throws -> [ClientKey] {
        let pkcs1 = try #require(group.privateKeyPem)
        let pkcs8 = try #require(group.privateKeyPkcs8.map(WycheproofFile.bytes))
        let base64 = Data(pkcs8).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        let pkcs8PEM = "-----BEGIN PRIVATE KEY-----\n\(base64)\n-----END PRIVATE KEY-----\n"
        let keys = [try ClientKey(pem: pkcs1), try ClientKey(pem: pkcs8PEM)]
        #expect(keys.allSatisfy { $0.algorithm == "RS256" })
        #expect(keys[0] == keys[1])
        return keys
    }
}
