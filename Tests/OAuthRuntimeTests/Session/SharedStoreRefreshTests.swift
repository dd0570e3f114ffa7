import Foundation
@_spi(BuildingBlocks) @_spi(Testing) @testable import OAuthRuntime
import RuntimeTestSupport
import Testing
import TestSupport

/// Several sessions on one shared store — as an app and its widget, several processes, or (on
/// PostgreSQL) replicas on several machines — against a token endpoint that rotates refresh
/// tokens and, like django-oauth-toolkit and Okta, treats a reused one as theft: it answers
/// `invalid_grant`. Every test runs on each ``SharedStoreKind``: the PostgreSQL store passes
/// what the file store passes.
@Suite struct SharedStoreRefreshTests {
    let tokens: RotatingTokenServer
    var endpoint: RotatingTokenServer.Endpoint { tokens.endpoint }
    var server: LocalHTTPServer { tokens.server }

    init() throws {
        tokens = try RotatingTokenServer()
    }

    func session(
        _ store: any TokenStore, token: URL? = nil, now: @escaping @Sendable () -> Date = Date.init
    ) throws -> OAuthSession<DiscoveredProvider> {
        var configuration = testConfiguration(kind: .oauth2)
        configuration.endpoints.token = token ?? URL(string: "\(server.origin)/token")!
        return OAuthSession(
            client: try OAuthClient<DiscoveredProvider>(
                configuration: configuration, options: ClientOptions(allowInsecureLoopback: true)), store: store,
            now: now)
    }

    /// A new store holding an expired sign-in whose refresh token is RT-1.
    func expiredStore(_ kind: SharedStoreKind) async throws -> SharedStore {
        let shared = try await kind.make()
        try await shared.open().save(
            SignIn<DiscoveredProvider>.withoutIDToken(
                TokenSet(accessToken: "AT-1", expiresAt: Date(timeIntervalSinceNow: -10), refreshToken: "RT-1")
            ).record)
        return shared
    }

    @Test(arguments: SharedStoreKind.available)
    func sessionsOnOneStoreRefreshOnceAndAllStaySignedIn(kind: SharedStoreKind) async throws {
        let shared = try await expiredStore(kind)
        let sessions = try (0..<4).map { _ in try session(shared.open()) }
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for session in sessions { group.addTask { try await session.validAccessToken() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(endpoint.refreshes == 1)
        #expect(tokens == Array(repeating: "AT-2", count: 4))
        #expect(try await shared.open().load()?.tokens.refreshToken == "RT-2")
        for session in sessions { #expect(await session.refreshCount <= 1) }
        #expect(await sessions.asyncSum { await $0.refreshCount } == 1)
        await shared.remove()
    }

    /// Without the lock the second session reused RT-1, got `invalid_grant`, and deleted the
    /// store's sign-in holding the first one's new tokens.
    @Test(arguments: SharedStoreKind.available)
    func aSessionHoldingAnOldTokenAdoptsTheNewerOneInsteadOfSigningEveryoneOut(kind: SharedStoreKind) async throws {
        let shared = try await expiredStore(kind)
        let first = try session(shared.open())
        let second = try session(shared.open())
        _ = try await second.currentSignIn()  // holds RT-1 in memory
        #expect(try await first.validAccessToken() == "AT-2")
        #expect(try await second.validAccessToken() == "AT-2")
        #expect(endpoint.refreshes == 1)
        #expect(await second.refreshCount == 0)
        #expect(try await shared.open().load()?.tokens.refreshToken == "RT-2")
        await shared.remove()
    }

    @Test(arguments: SharedStoreKind.available)
    func invalidGrantClearsOnlyTheSignInThatFailed(kind: SharedStoreKind) async throws {
        let shared = try await kind.make()
        let store = shared.open()
        // RT-9 was never issued: the provider refuses it.
        try await store.save(
            SignIn<DiscoveredProvider>.withoutIDToken(
                TokenSet(accessToken: "AT-9", expiresAt: Date(timeIntervalSinceNow: -10), refreshToken: "RT-9")
            ).record)
        let session = try session(store)
        await #expect(throws: OAuthError.signedOut) { try await session.validAccessToken() }
        #expect(try await store.load() == nil)
        await shared.remove()
    }

    @Test(arguments: SharedStoreKind.available)
    func aNetworkFailureSignsNobodyOut(kind: SharedStoreKind) async throws {
        let shared = try await expiredStore(kind)
        let closed = try LocalHTTPServer { _ in .notFound }
        let token = URL(string: "\(closed.origin)/token")!
        closed.stop()
        let store = shared.open()
        let session = try session(store, token: token)
        do {
            _ = try await session.validAccessToken()
            Issue.record("expected a network failure")
        } catch {
            #expect(error.kind == .network)
        }
        #expect(try await store.load()?.tokens.refreshToken == "RT-1")
        #expect(try await session.currentSignIn() != nil)
        await shared.remove()
    }

    /// Hardening 3, item 9: a provider whose tokens live 8 s; with the 60 s leeway each new token
    /// was due at once, and eight processes refreshed eight times, one after another. Here they
    /// live 59 s (still under the leeway, so capped to a third: fresh for 39 s), on a clock that
    /// stands still (issue 53, item 11): the real one let the token come due again on a loaded
    /// machine, where the eight sessions on new PostgreSQL handles took 35 s and more (two
    /// refreshes, seen with two clean builds beside the suite).
    @Test(arguments: SharedStoreKind.available)
    func shortLivedTokensAreRefreshedOnceNotByEverySession(kind: SharedStoreKind) async throws {
        let shortLived = try RotatingTokenServer(expiresIn: 59)
        let shared = try await expiredStore(kind)
        let token = URL(string: "\(shortLived.server.origin)/token")!
        let start = Date()
        for _ in 0..<8 {
            #expect(try await session(shared.open(), token: token, now: { start }).validAccessToken() == "AT-2")
        }
        #expect(shortLived.endpoint.refreshes == 1)
        await shared.remove()
    }

    /// A session on another store handle notices a sign-out there at its next call, from the
    /// store's revision alone.
    @Test(arguments: SharedStoreKind.available)
    func aSignOutElsewhereIsNoticedAtTheNextCall(kind: SharedStoreKind) async throws {
        let shared = try await kind.make()
        let store = shared.open()
        try await store.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "AT-1")).record)
        let watching = try session(shared.open())
        #expect(try await watching.currentSignIn() != nil)
        try await store.clear()
        // The revision changes once the other handle hears of it (PostgreSQL: a notification).
        try await Bounded.poll(for: .seconds(10)) { try await watching.currentSignIn() == nil }
        await shared.remove()
    }

    @Test(arguments: SharedStoreKind.available)
    func aWaitForTheLockEndsWhenTheTaskIsCancelled(kind: SharedStoreKind) async throws {
        let shared = try await kind.make()
        let store = shared.open()
        try await store.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "AT-1")).record)
        let held = try #require(try await store.lockForUpdate())
        let other = shared.open()
        let waiter = Task { try await other.lockForUpdate() }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        held.release()
        try await Bounded.poll(for: .seconds(10)) {
            guard let lock = try await shared.open().lockForUpdate() else { return false }
            lock.release()
            return true
        }
        await shared.remove()
    }
}

extension Array where Element: Sendable {
    func asyncSum(_ value: (Element) async -> Int) async -> Int {
        var total = 0
        for element in self { total += await value(element) }
        return total
    }
}

/// Hardening 3, item 8: compare-and-clear ran only for stores with a lock. Two sessions on one
/// store without one (a `MemoryTokenStore`, a custom store, a shared Keychain item without a
/// coordination file): the second's stale refresh got `invalid_grant` and deleted the first's
/// rotated tokens. Issue 53, item 2: it then signed itself out (`signedOut`) although the store
/// held the first's valid sign-in; it adopts that sign-in now.
@Suite struct UnlockedStoreRefreshTests {
    @Test func aStaleSessionsInvalidGrantLeavesTheOthersRotatedTokens() async throws {
        let tokens = try RotatingTokenServer()
        var configuration = testConfiguration(kind: .oauth2)
        configuration.endpoints.token = URL(string: "\(tokens.server.origin)/token")!
        configuration.endpoints.revocation = nil
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(allowInsecureLoopback: true))
        let store = MemoryTokenStore(
            SignInRecord(
                tokens: TokenSet(accessToken: "AT-1", expiresAt: Date(timeIntervalSinceNow: -10), refreshToken: "RT-1"),
                idToken: nil))
        let first = OAuthSession(client: client, store: store)
        let second = OAuthSession(client: client, store: store)
        _ = try await second.currentSignIn()  // holds RT-1; nothing tells it of the refresh
        #expect(try await first.validAccessToken() == "AT-2")
        #expect(try await second.validAccessToken() == "AT-2")
        #expect(try await second.currentSignIn()?.tokens.refreshToken == "RT-2")
        #expect(await store.load()?.tokens.refreshToken == "RT-2")
        #expect(try await first.validAccessToken() == "AT-2")
    }

    @Test func aSharedKeychainStoreWithoutCoordinationIsWarnedAbout() {
        #expect(SharedKeychainCheck.warning(accessGroup: nil, hasCoordinationFile: false) == nil)
        #expect(
            SharedKeychainCheck.warning(accessGroup: "ABCDE12345.com.example.shared", hasCoordinationFile: true) == nil)
        let warning = SharedKeychainCheck.warning(
            accessGroup: "ABCDE12345.com.example.shared", hasCoordinationFile: false)
        #expect(warning?.contains("\"ABCDE12345.com.example.shared\" has no coordinationFile") == true)
    }
}
