import Foundation
import TestSupport
@_spi(BuildingBlocks) @_spi(Testing) @testable import OAuthRuntime
import Testing

/// The runtime's API against django-oauth-toolkit on 127.0.0.1.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() })
struct RuntimeAgainstDjangoTests {
    @Test(arguments: ["com.example.oauthgen:/oauth2redirect", "https://app.example.com/oauth2redirect"])
    func signsInThroughTheCallbackAPI(redirect: String) async throws {
        let client = try await RealProvider.client()
        let (signIn, callback) = try await RealProvider.signIn(client, redirect: redirect)
        #expect(callback.absoluteString.hasPrefix(redirect + "?"))
        // RFC 9207: the provider adds iss to successful responses, and the client checked it.
        #expect(callback.queryParameters["iss"] == client.configuration.issuer)
        #expect(signIn.idToken?.subject == "1")
        #expect(signIn.idToken?.issuer == client.configuration.issuer)
        #expect(signIn.idToken?.allClaims["preferred_username"] == .string("alice"))
        #expect(signIn.tokens.refreshToken != nil)
        #expect(signIn.tokens.scopes == ["openid", "profile", "email"])
    }

    @Test func signsInThroughTheLoopbackAgent() async throws {
        let provider = try DjangoProvider.instance()
        let client = try await RealProvider.client()
        let agent = LoopbackUserAgent(browserCommand: [provider.python, provider.driver], timeout: 30)
        let signIn = try await client.signIn(
            with: agent, redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
            scopes: ["openid"])
        #expect(signIn.idToken?.subject == "1")
    }

    @Test func aCodeIsGoodOnceAndOnlyWithItsVerifier() async throws {
        let provider = try DjangoProvider.instance()
        let client = try await RealProvider.client()
        let request = try await client.authorizationRequest(
            redirectURI: URL(string: "com.example.oauthgen:/oauth2redirect")!, scopes: ["openid"])
        let run = try await DjangoProvider.runDetached(provider.python, [provider.driver, request.url.absoluteString])
        let callback = try #require(URL(string: run.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        let code = try AuthorizationCallback.validate(
            callback, pending: request.pending, metadata: client.configuration.metadata)
        var forged = request.pending
        forged.pkce = PKCE()
        // The provider refuses the code with another verifier (RFC 7636 §4.6), and a second use of it.
        await #expect { try await client.exchange(code, pending: forged) } throws: { Self.isInvalidGrant($0) }
        _ = try await client.exchange(code, pending: request.pending).tokens
        await #expect { try await client.exchange(code, pending: request.pending) } throws: { Self.isInvalidGrant($0) }
    }

    @Test func rotatedRefreshTokensAndReuseSignsOut() async throws {
        let client = try await RealProvider.client()
        let (first, _) = try await RealProvider.signIn(
            client, redirect: "com.example.oauthgen:/oauth2redirect", username: "carol")
        let second = try await client.refresh(first)
        #expect(second.tokens.refreshToken != first.tokens.refreshToken)
        #expect(second.tokens.accessToken != first.tokens.accessToken)
        #expect(second.idToken?.subject == first.idToken?.subject)

        // Reusing the rotated-out refresh token is refused, and revokes the whole family.
        await #expect { try await client.refresh(first) } throws: { Self.isInvalidGrant($0) }
        let store = MemoryTokenStore(second.record)
        let session = OAuthSession<DiscoveredProvider>(client: client, store: store)
        await #expect(throws: OAuthError.signedOut) { try await session.refresh() }
        #expect(await store.load() == nil)
        await #expect(throws: OAuthError.notSignedIn) { try await session.validAccessToken() }
    }

    @Test func concurrentCallersAtExpiryShareOneRefresh() async throws {
        let client = try await RealProvider.client()
        var (signIn, _) = try await RealProvider.signIn(
            client, redirect: "com.example.oauthgen:/oauth2redirect", username: "dave")
        signIn.tokens.expiresAt = Date().addingTimeInterval(-1)
        let store = MemoryTokenStore(signIn.record)
        let session = OAuthSession<DiscoveredProvider>(client: client, store: store)
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<50 { group.addTask { try await session.validAccessToken() } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(tokens.count == 1)
        #expect(tokens.first != signIn.tokens.accessToken)
        #expect(await session.refreshCount == 1)
        // The rotated refresh token was stored: the next refresh uses it and succeeds.
        #expect(await store.load()?.tokens.refreshToken != signIn.tokens.refreshToken)
        _ = try await session.refresh()
        #expect(await session.refreshCount == 2)
    }

    /// One user on two devices (two stores): the second sign-in moves the toolkit's `auth_time`
    /// (it reports the latest login, where OIDC Core §12.2 says the original's), and the first
    /// device's next refresh carries it. That refresh rotated the refresh token at the provider:
    /// refusing it would leave the first device holding a dead token whose reuse revokes the
    /// family. A later `auth_time` is accepted; the sign-in keeps the original's.
    @Test func aSecondDevicesSignInLeavesTheFirstSignedIn() async throws {
        let client = try await RealProvider.client()
        var (first, _) = try await RealProvider.signIn(
            client, redirect: "com.example.oauthgen:/oauth2redirect", username: "rupert")
        // auth_time is in whole seconds.
        try await Task.sleep(for: .milliseconds(1_100))
        let (second, _) = try await RealProvider.signIn(
            client, redirect: "com.example.oauthgen:/oauth2redirect", username: "rupert")
        let firstAuthTime = try #require(first.idToken?.authTime)
        #expect(try #require(second.idToken?.authTime) > firstAuthTime)

        first.tokens.expiresAt = Date().addingTimeInterval(-1)
        let firstDevice = OAuthSession<DiscoveredProvider>(client: client, store: MemoryTokenStore(first.record))
        let secondDevice = OAuthSession<DiscoveredProvider>(client: client, store: MemoryTokenStore(second.record))
        let refreshed = try await firstDevice.validAccessToken()
        #expect(refreshed != first.tokens.accessToken)
        let now = try #require(try await firstDevice.currentSignIn())
        #expect(now.tokens.refreshToken != first.tokens.refreshToken)
        #expect(now.authenticatedAt == firstAuthTime)
        // Both devices go on refreshing with their own rotated tokens.
        _ = try await firstDevice.refresh()
        _ = try await secondDevice.refresh()
        #expect(await firstDevice.refreshCount == 2)
    }

    @Test func userinfoMustNameTheIDTokensSubject() async throws {
        let client = try await RealProvider.client()
        let (alice, _) = try await RealProvider.signIn(client, redirect: "com.example.oauthgen:/oauth2redirect")
        let (bob, _) = try await RealProvider.signIn(
            client, redirect: "com.example.oauthgen:/oauth2redirect", username: "bob")
        #expect(try await client.userInfo(alice)["preferred_username"] == .string("alice"))
        await #expect(throws: OAuthError.userInfoSubjectMismatch) {
            try await client.userInfo(try SignIn<DiscoveredProvider>(tokens: bob.tokens, idToken: alice.idToken))
        }
    }

    @Test func signOutRevokesAndForgets() async throws {
        let client = try await RealProvider.client()
        let (signIn, _) = try await RealProvider.signIn(
            client, redirect: "com.example.oauthgen:/oauth2redirect", username: "frank")
        let store = MemoryTokenStore(signIn.record)
        let session = OAuthSession<DiscoveredProvider>(client: client, store: store)
        #expect(try await session.signOut() == .revoked)
        #expect(await store.load() == nil)
        // The revoked refresh token no longer works.
        await #expect { try await client.refresh(signIn) } throws: { Self.isInvalidGrant($0) }
    }

    /// The token endpoint's `invalid_grant` (RFC 6749 §5.2), with the status django-oauth-toolkit sends.
    static func isInvalidGrant(_ error: any Error) -> Bool {
        let error = error as? OAuthError
        return error?.kind == .requestRejected && error?.protocolError?.code == "invalid_grant"
            && error?.httpStatus == 400
    }
}

/// Sign-out through the browser (RP-Initiated Logout 1.0) against django-oauth-toolkit, which
/// asks the user to confirm, then returns to the post-logout loopback URI with the state.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() })
struct SignOutAgainstDjangoTests {
    @Test func theLogoutPageReturnsWithTheStateAndTheTokensAreGone() async throws {
        let provider = try DjangoProvider.instance()
        let client = try await RealProvider.client()
        #expect(client.configuration.endpoints.endSession != nil)
        // Its own user: the toolkit's logout deletes the user's tokens, which another test's must not be.
        let agent = LoopbackUserAgent(
            browserCommand: [provider.python, provider.driver, "--username", "olivia"], timeout: 60)
        let session = OAuthSession(client: client)
        try await session.signIn(
            with: agent, redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
            scopes: ["openid"])
        let refreshToken = try #require(try await session.currentSignIn()?.tokens.refreshToken)

        #expect(
            try await session.signOut(with: agent, postLogoutRedirectURI: URL(string: "http://127.0.0.1/logout")!)
                == .revoked)
        #expect(try await session.currentSignIn() == nil)
        let stale = try SignIn<DiscoveredProvider>(
            tokens: TokenSet(accessToken: "x", refreshToken: refreshToken), idToken: nil)
        let refused = await #expect(throws: OAuthError.self) { try await client.refresh(stale) }
        #expect(refused?.kind == .requestRejected)
        #expect(refused?.protocolError?.code == "invalid_grant")
    }
}
