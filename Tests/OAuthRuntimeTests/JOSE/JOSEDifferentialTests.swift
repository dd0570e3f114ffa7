import Crypto
import CryptoExtras
import Foundation
import JWTKit
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// The runtime's JOSE layer against vapor/jwt-kit, token for token: thousands of tokens minted
/// by jwt-kit with random keys, algorithms and claims, then mutated (flipped bits, swapped `alg`,
/// wrong `kid`, truncated or padded segments, non-canonical base64url, `crit`, `none`, HMAC);
/// both verifiers get the same JWKS and every token, and must agree on each one — except where
/// jwt-kit decodes leniently: it accepts a signature segment with `=` padding or with the unused
/// low bits of its last character set. RFC 7515 §2 defines base64url without padding, and
/// accepting several spellings of one signature would let a token be altered and still verify;
/// the runtime refuses both, and the test holds it to that.
@Suite struct JOSEDifferentialTests {
    struct Claims: JWTPayload, Equatable {
        var sub: String
        var n: Int
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// One signing key per algorithm, under its own `kid`, and the public JWKS of all of them.
    struct Keys {
        let signing = JWTKeyCollection()
        var jwks: [[String: String]] = []
        var kids: [String] = []
    }

    static func makeKeys() async throws -> Keys {
        var keys = Keys()
        let rsa = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        let (modulus, exponent) = try rsa.publicKey.getKeyPrimitives()
        for (kid, digest) in [("rs256", DigestAlgorithm.sha256), ("rs384", .sha384), ("rs512", .sha512)] {
            await keys.signing.add(rsa: rsa, digestAlgorithm: digest, kid: JWKIdentifier(string: kid))
            keys.jwks.append([
                "kty": "RSA", "kid": kid, "alg": kid.uppercased(), "n": Base64URL.encode(modulus),
                "e": Base64URL.encode(exponent),
            ])
        }
        for (kid, digest) in [("ps256", DigestAlgorithm.sha256), ("ps384", .sha384), ("ps512", .sha512)] {
            await keys.signing.add(pss: rsa, digestAlgorithm: digest, kid: JWKIdentifier(string: kid))
            keys.jwks.append([
                "kty": "RSA", "kid": kid, "alg": kid.uppercased(), "n": Base64URL.encode(modulus),
                "e": Base64URL.encode(exponent),
            ])
        }
        func ec(_ kid: String, _ curve: String, _ raw: Data) -> [String: String] {
            let half = raw.count / 2
            return [
                "kty": "EC", "kid": kid, "crv": curve, "x": Base64URL.encode(raw.prefix(half)),
                "y": Base64URL.encode(raw.suffix(half)),
            ]
        }
        let p256 = P256.Signing.PrivateKey()
        await keys.signing.add(ecdsa: try ES256PrivateKey(backing: p256), kid: "es256")
        keys.jwks.append(ec("es256", "P-256", p256.publicKey.rawRepresentation))
        let p384 = P384.Signing.PrivateKey()
        await keys.signing.add(ecdsa: try ES384PrivateKey(backing: p384), kid: "es384")
        keys.jwks.append(ec("es384", "P-384", p384.publicKey.rawRepresentation))
        let p521 = P521.Signing.PrivateKey()
        await keys.signing.add(ecdsa: try ES512PrivateKey(backing: p521), kid: "es512")
        keys.jwks.append(ec("es512", "P-521", p521.publicKey.rawRepresentation))
        let ed = Curve25519.Signing.PrivateKey()
        await keys.signing.add(eddsa: EdDSA.PrivateKey(backing: ed), kid: "eddsa")
        keys.jwks.append([
            "kty": "OKP", "kid": "eddsa", "crv": "Ed25519", "x": Base64URL.encode(ed.publicKey.rawRepresentation),
        ])
        keys.kids = keys.jwks.compactMap { $0["kid"] }
        return keys
    }

    /// The ways a token is changed before both verifiers see it.
    enum Mutation: CaseIterable {
        case none, signatureBit, payloadCharacter, swappedAlgorithm, otherKid, noKid, truncatedSignature, shortSignature
        case nonCanonicalSignature, paddedSignature, critical, algorithmNone, hmac, extraSegment
    }

    static func mutate(
        _ token: String, _ mutation: Mutation, kids: [String], using random: inout some RandomNumberGenerator
    ) -> String {
        var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        func header() -> [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(Base64URL.decodeBytes(parts[0].utf8) ?? [])) as? [String: Any])
                ?? [:]
        }
        func encode(_ header: [String: Any]) -> String {
            Base64URL.encode((try? JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])) ?? Data())
        }
        switch mutation {
        case .none:
            break
        case .signatureBit:
            var signature = Base64URL.decodeBytes(parts[2].utf8) ?? []
            let bit = Int.random(in: 0..<(signature.count * 8), using: &random)
            signature[bit / 8] ^= 1 << UInt8(bit % 8)
            parts[2] = Base64URL.encode(signature)
        case .payloadCharacter:
            var payload = Array(parts[1].utf8)
            let index = Int.random(in: 0..<(payload.count - 1), using: &random)
            payload[index] = payload[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            parts[1] = String(decoding: payload, as: UTF8.self)
        case .swappedAlgorithm:
            var fields = header()
            let others = JWSAlgorithm.allCases.map(\.rawValue).filter { $0 != fields["alg"] as? String }
            fields["alg"] = others.randomElement(using: &random)
            parts[0] = encode(fields)
        case .otherKid:
            var fields = header()
            fields["kid"] = kids.filter { $0 != fields["kid"] as? String }.randomElement(using: &random)
            parts[0] = encode(fields)
        case .noKid:
            var fields = header()
            fields["kid"] = nil
            parts[0] = encode(fields)
        case .truncatedSignature:
            parts[2].removeLast()
        case .shortSignature:
            parts[2].removeLast(4)
        case .nonCanonicalSignature:
            // The last character carries unused low bits; set them (RFC 4648 §3.5).
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            if let last = parts[2].last, let value = alphabet.firstIndex(of: last), parts[2].count % 4 != 0 {
                parts[2].removeLast()
                parts[2].append(alphabet[value | 1])
            }
        case .paddedSignature:
            parts[2] += "="
        case .critical:
            var fields = header()
            fields["crit"] = ["exp"]
            parts[0] = encode(fields)
        case .algorithmNone:
            var fields = header()
            fields["alg"] = "none"
            parts[0] = encode(fields)
            parts[2] = ""
        case .hmac:
            var fields = header()
            fields["alg"] = "HS256"
            parts[0] = encode(fields)
        case .extraSegment:
            parts.append(parts[2])
        }
        return parts.joined(separator: ".")
    }

    /// The runtime's path: parse, allow-list, pick the key, verify.
    static func ours(_ token: String, keys: [JWKSCache.Key]) -> Bool {
        guard let jws = try? CompactJWS(token), let algorithm = JWSAlgorithm(rawValue: jws.algorithm),
            let key = JWKSCache.select(from: keys, kid: jws.header.kid, algorithm: algorithm),
            let verifier = try? SignatureVerifier(key: key.jwk, algorithm: algorithm)
        else { return false }
        return verifier.verify(jws.signature, signs: jws.signingInput)
    }

    @Test func bothVerifiersAgreeOnEveryToken() async throws {
        let keys = try await Self.makeKeys()
        let jwksData = try JSONSerialization.data(withJSONObject: ["keys": keys.jwks])
        let ourKeys = try JWKSCache.parse(jwksData, generation: 1)
        #expect(ourKeys.count == keys.jwks.count)
        let theirs = JWTKeyCollection()
        try await theirs.add(jwksJSON: String(decoding: jwksData, as: UTF8.self))

        var random = SystemRandomNumberGenerator()
        var checked = 0
        var accepted = 0
        var unchanged = 0
        var jwtKitLeniencies = 0
        var disagreements: [String] = []
        for round in 0..<60 {
            for kid in keys.kids {
                let token = try await keys.signing.sign(
                    Claims(sub: "user-\(round)", n: Int.random(in: 0...1_000_000, using: &random)),
                    kid: JWKIdentifier(string: kid))
                for mutation in Mutation.allCases {
                    let mutated = Self.mutate(token, mutation, kids: keys.kids, using: &random)
                    let ourVerdict = Self.ours(mutated, keys: ourKeys)
                    let theirVerdict = (try? await theirs.verify(mutated, as: Claims.self)) != nil
                    checked += 1
                    if ourVerdict { accepted += 1 }
                    // Some mutations leave a token as it was (a 96-byte ES384 signature has no unused bits).
                    if mutated == token { unchanged += 1 }
                    let lenientEncoding = mutation == .nonCanonicalSignature || mutation == .paddedSignature
                    if lenientEncoding && theirVerdict && !ourVerdict {
                        jwtKitLeniencies += 1
                        continue
                    }
                    if ourVerdict != theirVerdict {
                        disagreements.append("\(kid) \(mutation): ours \(ourVerdict), jwt-kit \(theirVerdict)")
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(Set(disagreements).sorted().prefix(20))")
        // Exactly the unmutated tokens verify here (any change to the header or payload breaks the
        // signature they are signed with); jwt-kit also took the re-spelled signatures.
        #expect(accepted == unchanged)
        #expect(unchanged >= 60 * keys.kids.count)
        #expect(jwtKitLeniencies > 0)
        #expect(checked == 60 * keys.kids.count * Mutation.allCases.count)
    }

    /// The same for keys: one RS256 token, and JWKS entries for its key changed the ways a
    /// hostile or broken JWKS could (huge, tiny or even exponents, a modulus with a leading zero
    /// octet, a 1024-bit modulus, `use`/`key_ops` for encryption, the key under an EC type).
    @Test func bothVerifiersAgreeOnEveryKey() async throws {
        let rsa = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        let (modulus, exponent) = try rsa.publicKey.getKeyPrimitives()
        let signing = JWTKeyCollection()
        await signing.add(rsa: rsa, digestAlgorithm: .sha256, kid: "k")
        let token = try await signing.sign(Claims(sub: "user", n: 1), kid: "k")
        let n = Base64URL.encode(modulus)
        let e = Base64URL.encode(exponent)
        let variants: [(String, [String: Any])] = [
            ("as issued", ["kty": "RSA", "kid": "k", "n": n, "e": e]),
            (
                "huge exponent",
                [
                    "kty": "RSA", "kid": "k", "n": n,
                    "e": Base64URL.encode([0x01] + [UInt8](repeating: 0, count: 31) + [0x01]),
                ]
            ),
            ("exponent 1", ["kty": "RSA", "kid": "k", "n": n, "e": "AQ"]),
            ("exponent 3", ["kty": "RSA", "kid": "k", "n": n, "e": "Aw"]),
            ("even exponent", ["kty": "RSA", "kid": "k", "n": n, "e": "AQAA"]),
            (
                "exponent with a leading zero",
                ["kty": "RSA", "kid": "k", "n": n, "e": Base64URL.encode([0] + Array(exponent))]
            ),
            (
                "modulus with a leading zero",
                ["kty": "RSA", "kid": "k", "n": Base64URL.encode([0] + Array(modulus)), "e": e]
            ),
            ("1024-bit modulus", ["kty": "RSA", "kid": "k", "n": Base64URL.encode(modulus.prefix(128)), "e": e]),
            ("for encryption", ["kty": "RSA", "kid": "k", "n": n, "e": e, "use": "enc"]),
            ("verify allowed", ["kty": "RSA", "kid": "k", "n": n, "e": e, "key_ops": ["verify"]]),
            ("pinned to PS256", ["kty": "RSA", "kid": "k", "n": n, "e": e, "alg": "PS256"]),
            ("under another kid", ["kty": "RSA", "kid": "other", "n": n, "e": e]),
            ("as an EC key", ["kty": "EC", "kid": "k", "crv": "P-256", "n": n, "e": e]),
        ]
        // Where jwt-kit is lenient and the runtime follows the spec instead: a key published for
        // encryption verifies no signature (RFC 7517 §4.2), and a token naming a `kid` the JWKS
        // lacks is not checked with whatever key is there (OIDC Core §10.1: the `kid` selects).
        let refusedByTheRuntimeOnly: Set = ["for encryption", "under another kid"]
        var disagreements: [String] = []
        for (name, entry) in variants {
            let data = try JSONSerialization.data(withJSONObject: ["keys": [entry]])
            let ours = Self.ours(token, keys: (try? JWKSCache.parse(data, generation: 1)) ?? [])
            let theirs = JWTKeyCollection()
            let loaded = (try? await theirs.add(jwksJSON: String(decoding: data, as: UTF8.self))) != nil
            let theirVerdict = loaded ? (try? await theirs.verify(token, as: Claims.self)) != nil : false
            if refusedByTheRuntimeOnly.contains(name) {
                #expect(!ours && theirVerdict, "\(name): ours \(ours), jwt-kit \(theirVerdict)")
            } else if ours != theirVerdict {
                disagreements.append("\(name): ours \(ours), jwt-kit \(theirVerdict)")
            }
            if name == "as issued" { #expect(ours) }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }
}
