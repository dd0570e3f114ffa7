import Foundation
@_spi(BuildingBlocks) @_spi(Testing) @testable import OAuthRuntime
import Testing
import TestSupport

/// What sessions on one shared store depend on — an app and its widget, several processes, or
/// replicas on several machines — against a token endpoint that rotates refresh tokens and treats
/// a reused one as theft (`RotatingTokenServer`): one refresh for all of them, nobody signed out
/// by another's refresh or a network failure, a sign-out seen elsewhere, a lock wait that ends with
/// its task. A store written outside this package runs it as the package's do:
/// `try await SharedStoreContract(open: { MyStore() }).check()`. A store with no lock for update is
/// one process's: ``check()`` says so and checks nothing more.
public struct SharedStoreContract: Sendable {
    /// Another handle on one store, as another process would open it.
    public let open: @Sendable () -> any TokenStore

    /// The contract for the store `open` gives handles on.
    public init(open: @escaping @Sendable () -> any TokenStore) { self.open = open }

    /// Every case, in order; `false` when the store has no lock for update to share.
    @discardableResult
    public func check() async throws -> Bool {
        try await open().save(StoreContract.record("AT-0"))
        guard let lock = try await open().lockForUpdate() else { return false }
        lock.release()
        try await sessionsOnOneStoreRefreshOnceAndAllStaySignedIn()
        try await aSessionHoldingAnOldTokenAdoptsTheNewerOne()
        try await invalidGrantClearsOnlyTheSignInThatFailed()
        try await aNetworkFailureSignsNobodyOut()
        try await shortLivedTokensAreRefreshedOnceNotByEverySession()
        try await aSignOutElsewhereIsNoticedAtTheNextCall()
        try await aWaitForTheLockEndsWhenTheTaskIsCancelled()
        return true
    }

    /// Four sessions on an expired sign-in: one refresh, and all four have its token.
    public func sessionsOnOneStoreRefreshOnceAndAllStaySignedIn() async throws {
        let tokens = try RotatingTokenServer()
        try await saveExpired()
        let sessions = try (0..<4).map { _ in try session(open(), token: tokens.tokenURL) }
        let accessTokens = try await withThrowingTaskGroup(of: String.self) { group in
            for session in sessions { group.addTask { try await session.validAccessToken() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(tokens.endpoint.refreshes == 1)
        #expect(accessTokens == Array(repeating: "AT-2", count: 4))
        #expect(try await open().load()?.tokens.refreshToken == "RT-2")
        var refreshes = 0
        for session in sessions { refreshes += await session.refreshCount }
        #expect(refreshes == 1)
    }

    /// A session holding RT-1 in memory adopts the token another refreshed with it, instead of
    /// reusing RT-1 (`invalid_grant`) and deleting everyone's sign-in.
    public func aSessionHoldingAnOldTokenAdoptsTheNewerOne() async throws {
        let tokens = try RotatingTokenServer()
        try await saveExpired()
        let first = try session(open(), token: tokens.tokenURL)
        let second = try session(open(), token: tokens.tokenURL)
        _ = try await second.currentSignIn()
        #expect(try await first.validAccessToken() == "AT-2")
        #expect(try await second.validAccessToken() == "AT-2")
        #expect(tokens.endpoint.refreshes == 1)
        #expect(await second.refreshCount == 0)
        #expect(try await open().load()?.tokens.refreshToken == "RT-2")
    }

    /// A refresh token the server never issued signs out that sign-in, and only it.
    public func invalidGrantClearsOnlyTheSignInThatFailed() async throws {
        let tokens = try RotatingTokenServer()
        let store = open()
        try await store.save(
            SignIn<DiscoveredProvider>.withoutIDToken(
                TokenSet(accessToken: "AT-9", expiresAt: Date(timeIntervalSinceNow: -10), refreshToken: "RT-9")
            ).record)
        let session = try session(store, token: tokens.tokenURL)
        await #expect(throws: OAuthError.signedOut) { try await session.validAccessToken() }
        #expect(try await store.load() == nil)
    }

    /// A token endpoint that cannot be reached signs nobody out.
    public func aNetworkFailureSignsNobodyOut() async throws {
        try await saveExpired()
        let closed = try LocalHTTPServer { _ in .notFound }
        let token = URL(string: "\(closed.origin)/token")!
        closed.stop()
        let store = open()
        let session = try session(store, token: token)
        do {
            _ = try await session.validAccessToken()
            Issue.record("expected a network failure")
        } catch {
            #expect(error.kind == .network)
        }
        #expect(try await store.load()?.tokens.refreshToken == "RT-1")
        #expect(try await session.currentSignIn() != nil)
    }

    /// Tokens that live under the refresh leeway are refreshed once, not by every session, on a
    /// clock that stands still (a real one let them come due again on a loaded machine).
    public func shortLivedTokensAreRefreshedOnceNotByEverySession() async throws {
        let tokens = try RotatingTokenServer(expiresIn: 59)
        try await saveExpired()
        let start = Date()
        for _ in 0..<8 {
            #expect(try await session(open(), token: tokens.tokenURL, now: { start }).validAccessToken() == "AT-2")
        }
        #expect(tokens.endpoint.refreshes == 1)
    }

    /// A sign-out through another handle is noticed at the next call, from the store's revision.
    public func aSignOutElsewhereIsNoticedAtTheNextCall() async throws {
        let tokens = try RotatingTokenServer()
        let store = open()
        try await store.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "AT-1")).record)
        let watching = try session(open(), token: tokens.tokenURL)
        #expect(try await watching.currentSignIn() != nil)
        try await store.clear()
        try await Bounded.poll(for: .seconds(10)) { try await watching.currentSignIn() == nil }
    }

    /// A wait for the lock another handle holds ends when its task is cancelled, and the lock is
    /// free once released.
    public func aWaitForTheLockEndsWhenTheTaskIsCancelled() async throws {
        let store = open()
        try await store.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "AT-1")).record)
        let held = try #require(try await store.lockForUpdate())
        let other = open()
        let waiter = Task { try await other.lockForUpdate() }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        held.release()
        try await Bounded.poll(for: .seconds(10)) {
            guard let lock = try await open().lockForUpdate() else { return false }
            lock.release()
            return true
        }
    }

    /// Saves a sign-in that expired, whose refresh token is RT-1.
    private func saveExpired() async throws {
        try await open().save(RotatingTokenServer.expiredSignIn)
    }

    /// A session on `store` whose token endpoint is `token`.
    private func session(
        _ store: any TokenStore, token: URL, now: @escaping @Sendable () -> Date = Date.init
    ) throws -> OAuthSession<DiscoveredProvider> {
        try RotatingTokenServer.session(store, token: token, now: now)
    }
}
