import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// A refresh response the client refuses must never leave the session holding a refresh token
/// the provider has already replaced (hardening 3, item 0): what each ID-token check does once
/// the token endpoint has answered.
@Suite struct RefreshResponseTests {
    let helper = IDTokenValidatorTests()
    var now: Date { helper.now }

    /// A session whose stored sign-in (user-1, authenticated at 1_799_999_000, `RT-1`) is due for
    /// a refresh, and a token endpoint that answers with `RT-2` and the ID token `refreshed`.
    func session(
        key: MintedKey, refreshed claims: [String: ClaimValue?], kid: String? = nil
    )
        async throws -> (OAuthSession<DiscoveredProvider>, MemoryTokenStore, LocalTransport)
    {
        let transport = await helper.setUp([key])
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: testConfiguration(), options: ClientOptions(transport: transport))
        let original = try await key.sign(helper.claims(["auth_time": .number(1_799_999_000)]))
        let verified = try await helper.validator(transport).validate(original, nonce: "n-1", now: now)
        let signIn = try SignIn<DiscoveredProvider>(
            tokens: TokenSet(
                accessToken: "AT-1", expiresAt: now.addingTimeInterval(-1), refreshToken: "RT-1", idToken: original),
            idToken: verified)
        let refreshedToken = try await key.sign(helper.claims(["nonce": nil].merging(claims) { $1 }), kid: kid)
        await transport.set(
            "https://id.example.com/token",
            json(
                #"{"access_token":"AT-2","refresh_token":"RT-2","token_type":"Bearer","expires_in":3600,"id_token":"\#(refreshedToken)"}"#
            ))
        await transport.set("https://id.example.com/revoke", HTTPResponse(status: 200))
        let store = MemoryTokenStore(signIn.record)
        let session = OAuthSession<DiscoveredProvider>(client: client, store: store, now: { [now] in now })
        return (session, store, transport)
    }

    func revoked(_ transport: LocalTransport) async -> [String] {
        await transport.requests.filter { $0.url.path == "/revoke" }.map {
            String(decoding: $0.body ?? Data(), as: UTF8.self)
        }
    }

    @Test func aLaterAuthTimeIsAcceptedAndTheOriginalKept() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let (session, store, transport) = try await session(key: key, refreshed: ["auth_time": .number(1_799_999_500)])
        #expect(try await session.validAccessToken() == "AT-2")
        let signIn = try #require(try await session.currentSignIn())
        #expect(signIn.tokens.refreshToken == "RT-2")
        #expect(signIn.idToken?.authTime == Date(timeIntervalSince1970: 1_799_999_500))
        #expect(signIn.authenticatedAt == Date(timeIntervalSince1970: 1_799_999_000))
        // Kept through the store, as a relaunch reads it.
        let record = try #require(await store.load())
        let stored = try #require(try SignIn<DiscoveredProvider>(record: record))
        #expect(stored.authenticatedAt == Date(timeIntervalSince1970: 1_799_999_000))
        #expect(await revoked(transport).isEmpty)
    }

    /// Another subject, issuer or audience, an earlier auth_time, a bad signature: the sign-in
    /// cannot go on. The session signs out, forgets the stored sign-in, and revokes `RT-2`, which
    /// nobody will ever use (`RT-1` is rotated out).
    @Test(
        arguments: [
            (["sub": .string("user-2")], IDTokenFailure.subjectChanged),
            (["auth_time": .number(1_799_998_000)], .authTimeChanged),
            (["aud": .string("client-2")], .audienceMismatch(clientID: "client-1")),
            (
                ["iss": .string("https://other.example.com")],
                .issuerMismatch(expected: "https://id.example.com", found: "https://other.example.com")
            ),
        ] as [([String: ClaimValue?], IDTokenFailure)])
    func aRefusedIDTokenSignsOutAndRevokesTheNewRefreshToken(
        claims: [String: ClaimValue?], failure: IDTokenFailure
    ) async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let (session, store, transport) = try await session(key: key, refreshed: claims)
        do {
            _ = try await session.validAccessToken()
            Issue.record("expected the refresh to be refused")
        } catch {
            #expect(error.kind == .signedOut)
            #expect(error.idTokenFailure == failure)
            #expect(!error.description.contains("RT-2") && !error.description.contains("AT-2"))
        }
        #expect(await store.load() == nil)
        #expect(await revoked(transport) == ["token=RT-2&token_type_hint=refresh_token&client_id=client-1"])
        await #expect(throws: OAuthError.notSignedIn) { try await session.validAccessToken() }
    }

    /// Keys that cannot be fetched now are no reason to throw away a committed refresh: the ID
    /// token is optional in a refresh response (OIDC Core §12.2), so the tokens are kept with the
    /// original ID token.
    @Test func anIDTokenWhoseKeysCannotBeFetchedNowIsLeftOut() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let (session, _, transport) = try await session(key: key, refreshed: [:], kid: "k2")
        let original = try #require(try await session.currentSignIn())
        await transport.set(
            IDTokenValidatorTests.jwksURL, HTTPResponse(status: 503, headers: ["Content-Type": "text/html"]))
        #expect(try await session.validAccessToken() == "AT-2")
        let signIn = try #require(try await session.currentSignIn())
        #expect(signIn.tokens.refreshToken == "RT-2")
        #expect(signIn.idToken == original.idToken)
        #expect(signIn.tokens.idToken == original.tokens.idToken)
    }

    /// Some providers send the original ID token again on a refresh, expired by then.
    @Test func theOriginalIDTokenSentAgainIsKept() async throws {
        let key = try await MintedKey.rsa(kid: "k1")
        let (session, _, transport) = try await session(key: key, refreshed: [:])
        let original = try #require(try await session.currentSignIn())
        let raw = try #require(original.tokens.idToken)
        await transport.set(
            "https://id.example.com/token",
            json(
                #"{"access_token":"AT-2","refresh_token":"RT-2","token_type":"Bearer","expires_in":3600,"id_token":"\#(raw)"}"#
            ))
        #expect(try await session.validAccessToken() == "AT-2")
        #expect(try await session.currentSignIn()?.idToken == original.idToken)
    }
}
