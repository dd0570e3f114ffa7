import Foundation
import JWTKit
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

// Key selection without kid, encrypted tokens, and the claims of OIDC Core §3.1.3.7.
extension IDTokenValidatorTests {
    @Test func kidlessTokensAgainstSeveralKeysDoNotRefetch() async throws {
        let one = try await MintedKey.rsa(kid: "k1")
        let two = try await MintedKey.rsa(kid: "k2")
        let transport = await setUp([one, two])
        let validator = try validator(transport)
        _ = try await validator.validate(try await one.sign(claims()), nonce: "n-1", now: now)
        let kidless = try handmadeToken(header: #"{"alg":"RS256"}"#, payload: claims())
        for _ in 0..<50 { #expect(await failure(validator, kidless) == .unknownKey(nil)) }
        #expect(await transport.count(of: Self.jwksURL) == 1)
    }

    /// Hardening 5, OpenID RP test rp-id_token-kid-absent-single-jwks: one key, no kid on either side.
    @Test func aKidlessTokenVerifiesWithTheOnlyKidlessKey() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let transport = try await serving(key, without: "kid")
        let token = try await key.signWithoutKid(claims())
        #expect(
            !String(decoding: Base64URL.decode(String(token.split(separator: ".")[0])) ?? Data(), as: UTF8.self)
                .contains("kid"))
        let verified = try await validator(transport).validate(token, nonce: "n-1", now: now)
        #expect(verified.subject == "user-1")
    }

    /// Hardening 5: a key without `alg` serves PS256 and RS256 tokens in either order.
    @Test(arguments: [["PS256", "RS256", "PS256"], ["RS256", "PS256", "RS256"]])
    func aKeyWithoutAlgVerifiesEveryAlgorithmItFits(order: [String]) async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let transport = try await serving(key, without: "alg")
        let validator = try validator(transport, algorithms: ["RS256", "PS256"])
        for algorithm in order {
            let token = algorithm == "PS256" ? try await key.signPSS(claims()) : try await key.sign(claims())
            let verified = try await validator.validate(token, nonce: "n-1", now: now)
            #expect(verified.subject == "user-1")
        }
    }

    @Test func aTokenWithoutKidNeedsASingleKey() async throws {
        let one = try await MintedKey.rsa(kid: "k1")
        // The same token with its kid taken out of the header.
        let parts = try await one.sign(claims()).split(separator: ".")
        let withoutKid = Base64URL.encode(Data(#"{"alg":"RS256","typ":"JWT"}"#.utf8)) + "." + parts[1] + "." + parts[2]
        // The signature covers the original header, so it fails — but only after the key was found.
        #expect(await failure(try validator(await setUp([one])), withoutKid) == .signatureInvalid)
        let two = try await MintedKey.rsa(kid: "k2")
        #expect(await failure(try validator(await setUp([one, two])), withoutKid) == .unknownKey(nil))
    }

    @Test func refusesEncryptedAndCriticalExtensionTokens() async throws {
        let validator = try validator(await setUp([try await MintedKey.rsa(kid: "k1")]))
        #expect(
            await failure(validator, "a.b.c.d.e")
                == .malformed("it is encrypted (JWE), which this client does not accept"))
        let critical = try handmadeToken(header: #"{"alg":"RS256","kid":"k1","crit":["exp"]}"#, payload: claims())
        #expect(
            await failure(validator, critical)
                == .malformed("the header has critical extensions this client does not understand"))
        #expect(await failure(validator, "not a token") == .malformed("expected three base64url parts, found 1"))
    }

    @Test func checksEveryClaimOfOIDCCore3137() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let validator = try validator(await setUp([key]))
        func check(_ changes: [String: ClaimValue?], nonce: String? = "n-1") async throws -> IDTokenFailure? {
            await failure(validator, try await key.sign(claims(changes)), nonce: nonce)
        }
        #expect(
            try await check(["iss": .string("https://evil.example.com")])
                == .issuerMismatch(expected: "https://id.example.com", found: "https://evil.example.com"))
        #expect(try await check(["iss": nil]) == .issuerMismatch(expected: "https://id.example.com", found: nil))
        #expect(try await check(["iss": .string("https://id.example.com/")]) != nil)
        #expect(try await check(["aud": .string("someone-else")]) == .audienceMismatch(clientID: "client-1"))
        #expect(
            try await check(["aud": .array([.string("client-1"), .string("api")])])
                == .authorizedPartyMismatch(expected: "client-1", found: nil))
        #expect(
            try await check(["aud": .array([.string("client-1"), .string("api")]), "azp": .string("client-1")]) == nil)
        #expect(
            try await check(["azp": .string("other")]) == .authorizedPartyMismatch(expected: "client-1", found: "other")
        )
        #expect(try await check(["exp": .number(now.timeIntervalSince1970 - 121)]) == .expired)
        #expect(try await check(["exp": .number(now.timeIntervalSince1970 - 60)]) == nil)
        #expect(try await check(["exp": nil]) == .missingClaim("exp"))
        #expect(try await check(["iat": .number(now.timeIntervalSince1970 + 121)]) == .issuedInTheFuture)
        #expect(try await check(["iat": .number(now.timeIntervalSince1970 + 60)]) == nil)
        #expect(try await check(["iat": nil]) == .missingClaim("iat"))
        #expect(try await check(["nonce": .string("n-2")]) == .nonceMismatch)
        #expect(try await check(["nonce": nil]) == .nonceMismatch)
        #expect(try await check(["nonce": nil], nonce: nil) == nil)
        #expect(try await check(["sub": nil]) == .missingClaim("sub"))
        #expect(try await check(["sub": .string("")]) == .missingClaim("sub"))
    }

    @Test func refreshedTokensMustKeepTheSubject() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let validator = try validator(await setUp([key]))
        let original = try await validator.validate(
            try await key.sign(claims(["auth_time": .number(1_799_999_000)])), nonce: "n-1", now: now)
        let same = try await key.sign(claims(["nonce": nil, "auth_time": .number(1_799_999_000)]))
        #expect(try await validator.validateRefreshed(same, original: original, now: now).subject == "user-1")
        await #expect(throws: OAuthError.invalidIDToken(.subjectChanged)) {
            try await validator.validateRefreshed(
                try await key.sign(claims(["sub": .string("user-2"), "nonce": nil])), original: original, now: now)
        }
        // A later auth_time (the user's latest login, as django-oauth-toolkit reports it) is
        // accepted; an earlier one is not.
        let later = try await validator.validateRefreshed(
            try await key.sign(claims(["auth_time": .number(1_799_999_500), "nonce": nil])), original: original,
            now: now)
        #expect(later.authTime == Date(timeIntervalSince1970: 1_799_999_500))
        await #expect(throws: OAuthError.invalidIDToken(.authTimeChanged)) {
            try await validator.validateRefreshed(
                try await key.sign(claims(["auth_time": .number(1_799_998_500), "nonce": nil])), original: original,
                now: now)
        }
    }

    @Test func resolvesATemplatedIssuerFromTheToken() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let configuration = testConfiguration(
            issuer: "https://login.example.com/{tenantid}/v2.0",
            issuerTemplate: IssuerTemplate(placeholders: [.init(name: "tenantid", claim: "tid")]))
        let validator = try validator(await setUp([key]), configuration: configuration)
        let good = try await key.sign(
            claims(["iss": .string("https://login.example.com/t-1/v2.0"), "tid": .string("t-1")]))
        #expect(
            try await validator.validate(good, nonce: "n-1", now: now).issuer == "https://login.example.com/t-1/v2.0")
        let mismatched = try await key.sign(
            claims(["iss": .string("https://login.example.com/t-1/v2.0"), "tid": .string("t-2")]))
        #expect(
            await failure(validator, mismatched)
                == .issuerMismatch(
                    expected: "https://login.example.com/t-2/v2.0", found: "https://login.example.com/t-1/v2.0"))
        let missing = try await key.sign(claims(["iss": .string("https://login.example.com/t-1/v2.0")]))
        #expect(
            await failure(validator, missing)
                == .issuerMismatch(
                    expected: "https://login.example.com/{tenantid}/v2.0", found: "https://login.example.com/t-1/v2.0"))
    }
}
