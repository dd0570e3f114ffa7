import Foundation
import JWTKit
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

@Suite struct IDTokenValidatorTests {
    static let jwksURL = "https://id.example.com/jwks"
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func claims(_ changes: [String: ClaimValue?] = [:]) -> [String: ClaimValue] {
        var claims: [String: ClaimValue] = [
            "iss": .string("https://id.example.com"), "sub": .string("user-1"), "aud": .string("client-1"),
            "exp": .number(now.timeIntervalSince1970 + 3600), "iat": .number(now.timeIntervalSince1970),
            "nonce": .string("n-1"),
        ]
        for (name, value) in changes { claims[name] = value }
        return claims
    }

    func validator(
        _ transport: LocalTransport, algorithms: [String] = ["RS256"], configuration: ProviderConfiguration? = nil
    ) throws -> IDTokenValidator {
        try IDTokenValidator(
            configuration: configuration ?? testConfiguration(algorithms: algorithms), clientID: "client-1",
            keys: JWKSCache(url: URL(string: Self.jwksURL)!, transport: transport))
    }

    func setUp(_ keys: [MintedKey]) async -> LocalTransport {
        let transport = LocalTransport()
        await transport.set(Self.jwksURL, jwks(keys))
        return transport
    }

    /// A JWKS of `key` alone, its JWK without the member `member`.
    func serving(_ key: MintedKey, without member: String) async throws -> LocalTransport {
        var publicJWK = key.publicJWK
        publicJWK[member] = nil
        let transport = LocalTransport()
        await transport.set(
            Self.jwksURL,
            HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: try JSONSerialization.data(withJSONObject: ["keys": [publicJWK]])))
        return transport
    }

    func failure(_ validator: IDTokenValidator, _ token: String, nonce: String? = "n-1") async -> IDTokenFailure? {
        do {
            _ = try await validator.validate(token, nonce: nonce, now: now)
            return nil
        } catch {
            if error.kind == .invalidIDToken, let failure = error.idTokenFailure { return failure }
            Issue.record("expected an ID token failure, found \(error)")
            return nil
        }
    }

    @Test func acceptsAValidToken() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let validator = try validator(await setUp([key]))
        let token = try await key.sign(claims(["email": .string("a@example.com")]))
        let verified = try await validator.validate(token, nonce: "n-1", now: now)
        #expect(verified.subject == "user-1")
        #expect(verified.issuer == "https://id.example.com")
        #expect(verified.allClaims["email"] == .string("a@example.com"))
        #expect(!"\(verified)".contains(token))
    }

    @Test func refusesUnsignedTokens() async throws {
        let validator = try validator(await setUp([try await MintedKey.rsa(kid: "k1")]), algorithms: ["RS256", "none"])
        let token = try handmadeToken(header: #"{"alg":"none","kid":"k1"}"#, payload: claims(), signature: "")
        #expect(await failure(validator, token) == .algorithmNotAllowed("none"))
    }

    /// The classic confusion: an HMAC "signature" keyed with the provider's public key, which
    /// anyone has. django-oauth-toolkit lists HS256 in its discovery document; it must not matter.
    @Test func refusesHMACKeyedWithThePublicKey() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let validator = try validator(await setUp([key]), algorithms: ["RS256", "HS256"])
        let forger = JWTKeyCollection()
        await forger.add(hmac: HMACKey(from: key.publicPEM), digestAlgorithm: .sha256, kid: "k1")
        let token = try await forger.sign(AnyClaims(claims()), kid: "k1")
        #expect(await failure(validator, token) == .algorithmNotAllowed("HS256"))
    }

    @Test func refusesAlgorithmsTheMetadataDoesNotList() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let validator = try validator(await setUp([key]), algorithms: ["ES256"])
        #expect(await failure(validator, try await key.sign(claims())) == .algorithmNotAllowed("RS256"))
    }

    @Test func refusesABadSignature() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let impostor = try await MintedKey.rsa(kid: "k1")
        let validator = try validator(await setUp([key]))
        #expect(await failure(validator, try await impostor.sign(claims())) == .signatureInvalid)
        let parts = try await key.sign(claims()).split(separator: ".")
        let tampered = [
            parts[0], Substring(Base64URL.encode(try JSONEncoder().encode(claims(["sub": .string("admin")])))),
            parts[2],
        ].joined(separator: ".")
        #expect(await failure(validator, tampered) == .signatureInvalid)
    }

    @Test func anUnknownKidRefetchesTheJWKSOnceForKeyRotation() async throws {
        let old = try await MintedKey.rsa(kid: "old")
        let new = try await MintedKey.rsa(kid: "new")
        let transport = await setUp([old])
        let validator = try validator(transport)
        _ = try await validator.validate(try await old.sign(claims()), nonce: "n-1", now: now)
        _ = try await validator.validate(try await old.sign(claims()), nonce: "n-1", now: now)
        #expect(await transport.count(of: Self.jwksURL) == 1)

        await transport.set(Self.jwksURL, jwks([new]))
        let rotated = try await new.sign(claims())
        // Once the refetch interval has passed, many tokens with the new key at once share one refetch.
        let later = now.addingTimeInterval(61)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 { group.addTask { _ = try await validator.validate(rotated, nonce: "n-1", now: later) } }
            try await group.waitForAll()
        }
        #expect(await transport.count(of: Self.jwksURL) == 2)

        // Right after a refetch, an unknown key is just unknown.
        let stranger = try await MintedKey.rsa(kid: "stranger")
        await #expect(throws: OAuthError.invalidIDToken(.unknownKey("stranger"))) {
            try await validator.validate(try await stranger.sign(claims()), nonce: "n-1", now: later)
        }
        #expect(await transport.count(of: Self.jwksURL) == 2)
    }

    /// Hardening 4: a token's kid is the sender's choice; it must not buy a download per token.
    @Test func unknownKeysAreRefetchedAtMostOncePerInterval() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let transport = await setUp([key])
        let validator = try validator(transport)
        _ = try await validator.validate(try await key.sign(claims()), nonce: "n-1", now: now)
        for index in 0..<200 {
            let fresh = try handmadeToken(header: #"{"alg":"RS256","kid":"fresh-\#(index)"}"#, payload: claims())
            #expect(await failure(validator, fresh) == .unknownKey("fresh-\(index)"))
        }
        let ghost = try handmadeToken(header: #"{"alg":"RS256","kid":"ghost"}"#, payload: claims())
        for _ in 0..<50 { #expect(await failure(validator, ghost) == .unknownKey("ghost")) }
        #expect(await transport.count(of: Self.jwksURL) == 1)
        // After the interval, one more try, then quiet again.
        let later = now.addingTimeInterval(61)
        for _ in 0..<50 {
            await #expect(throws: OAuthError.invalidIDToken(.unknownKey("ghost"))) {
                try await validator.validate(ghost, nonce: "n-1", now: later)
            }
        }
        #expect(await transport.count(of: Self.jwksURL) == 2)
    }

    /// Before the fix, every token validated while the JWKS URI failed downloaded it again.
    @Test func whileTheJWKSFailsTokensGetTheFailureWithoutADownloadEach() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let transport = LocalTransport()
        await transport.set(
            Self.jwksURL,
            HTTPResponse(status: 503, headers: ["Content-Type": "text/html"], body: Data("<h1>down</h1>".utf8)))
        let validator = try validator(transport)
        let token = try await key.sign(claims())
        let down = OAuthError.unexpectedResponse(status: 503, contentType: "text/html", endpoint: "JWKS URI")
        for _ in 0..<50 {
            await #expect(throws: down) { try await validator.validate(token, nonce: "n-1", now: now) }
        }
        #expect(await transport.count(of: Self.jwksURL) == 1)

        // After the interval, one more try; the provider is back.
        await transport.set(Self.jwksURL, jwks([key]))
        let later = now.addingTimeInterval(61)
        for _ in 0..<10 { #expect(try await validator.validate(token, nonce: "n-1", now: later).subject == "user-1") }
        #expect(await transport.count(of: Self.jwksURL) == 2)
    }

    /// OpenID RP tests: an ID token without `aud`, and a refreshed one from another issuer.
    @Test func anIDTokenWithoutAudienceOrARefreshedOneFromAnotherIssuerIsRefused() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let validator = try validator(await setUp([key]))
        #expect(
            await failure(validator, try await key.sign(claims(["aud": nil])))
                == .audienceMismatch(clientID: "client-1"))
        #expect(
            await failure(
                validator, try await key.sign(claims(["iat": .number(now.timeIntervalSince1970 + 86_400 * 365)])))
                == .issuedInTheFuture)
        let original = try await validator.validate(try await key.sign(claims()), nonce: "n-1", now: now)
        await #expect(
            throws: OAuthError.invalidIDToken(
                .issuerMismatch(expected: "https://id.example.com", found: "https://other.example.com"))
        ) {
            try await validator.validateRefreshed(
                try await key.sign(claims(["iss": .string("https://other.example.com"), "nonce": nil])),
                original: original, now: now)
        }
    }
}
