import Foundation
@_spi(BuildingBlocks) @_spi(Testing) @testable import OAuthRuntime
import RuntimeTestSupport
import Testing
import TestSupport

/// The shared-store contract (`SharedStoreContract`) case by case on each store several sessions
/// or processes share here (`SharedStoreKind`: the PostgreSQL store passes what the file store
/// passes); a store with no lock for update is told apart.
@Suite struct SharedStoreRefreshTests {
    /// Runs `check` on a new store of `kind`, removed after.
    func on(_ kind: SharedStoreKind, _ check: (SharedStoreContract) async throws -> Void) async throws {
        let shared = try await kind.make()
        try await check(SharedStoreContract(open: shared.open))
        await shared.remove()
    }

    @Test(arguments: SharedStoreKind.available)
    func sessionsOnOneStoreRefreshOnceAndAllStaySignedIn(kind: SharedStoreKind) async throws {
        try await on(kind) { try await $0.sessionsOnOneStoreRefreshOnceAndAllStaySignedIn() }
    }

    /// Without the lock the second session reused RT-1, got `invalid_grant`, and deleted the
    /// store's sign-in holding the first one's new tokens.
    @Test(arguments: SharedStoreKind.available)
    func aSessionHoldingAnOldTokenAdoptsTheNewerOneInsteadOfSigningEveryoneOut(kind: SharedStoreKind) async throws {
        try await on(kind) { try await $0.aSessionHoldingAnOldTokenAdoptsTheNewerOne() }
    }

    @Test(arguments: SharedStoreKind.available)
    func invalidGrantClearsOnlyTheSignInThatFailed(kind: SharedStoreKind) async throws {
        try await on(kind) { try await $0.invalidGrantClearsOnlyTheSignInThatFailed() }
    }

    @Test(arguments: SharedStoreKind.available)
    func aNetworkFailureSignsNobodyOut(kind: SharedStoreKind) async throws {
        try await on(kind) { try await $0.aNetworkFailureSignsNobodyOut() }
    }

    /// Hardening 3, item 9: tokens that lived 8 s were refreshed eight times by eight processes,
    /// one after another; issue 53, item 11: on a real clock, two refreshes under load.
    @Test(arguments: SharedStoreKind.available)
    func shortLivedTokensAreRefreshedOnceNotByEverySession(kind: SharedStoreKind) async throws {
        try await on(kind) { try await $0.shortLivedTokensAreRefreshedOnceNotByEverySession() }
    }

    @Test(arguments: SharedStoreKind.available)
    func aSignOutElsewhereIsNoticedAtTheNextCall(kind: SharedStoreKind) async throws {
        try await on(kind) { try await $0.aSignOutElsewhereIsNoticedAtTheNextCall() }
    }

    @Test(arguments: SharedStoreKind.available)
    func aWaitForTheLockEndsWhenTheTaskIsCancelled(kind: SharedStoreKind) async throws {
        try await on(kind) { try await $0.aWaitForTheLockEndsWhenTheTaskIsCancelled() }
    }

    /// A store with no lock for update is one process's (the memory store; one written outside
    /// the package for one process): the contract tells it apart and asks nothing more of it.
    @Test func aStoreWithoutALockIsToldApart() async throws {
        let memory = MemoryTokenStore()
        #expect(try await !SharedStoreContract(open: { memory }).check())
        let dictionary = DictionaryStore()
        #expect(try await !SharedStoreContract(open: { dictionary }).check())
    }
}
