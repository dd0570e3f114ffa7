import Foundation
@_spi(Testing) @testable import OAuthRuntime
import RuntimeTestSupport
import RuntimeTestSupport
import Testing
import TestSupport

/// The store contract on each store this package has that runs here (the Keychain store is
/// type-checked only, on Linux), and on one written outside it.
@Suite struct StoreContractTests {
    @Test(arguments: SharedStoreKind.available)
    func aSharedStoreKeepsTheContract(kind: SharedStoreKind) async throws {
        let shared = try await kind.make()
        try await StoreContract(open: shared.open).check()
        await shared.remove()
    }

    @Test func theMemoryStoreKeepsTheContract() async throws {
        let store = MemoryTokenStore()
        try await StoreContract(open: { store }).check()
    }

    @Test func aStoreWrittenOutsideThePackageKeepsTheContract() async throws {
        let store = DictionaryStore()
        try await StoreContract(open: { store }).check()
    }

    /// The file store's and the database's locks are real: the contract saw them hold off a
    /// second handle. (A store without them says `nil`, and the contract skips nothing else.)
    @Test(arguments: SharedStoreKind.available)
    func aSharedStoreSaysItHasBothLocks(kind: SharedStoreKind) async throws {
        let shared = try await kind.make()
        let store = shared.open()
        try #require(try await store.lockForUpdate()).release()
        try #require(try await store.holdFirstSignInLock(named: "said", timeout: .seconds(60))).release()
        #expect(store.registrationStore != nil && store.accountStore != nil)
        await shared.remove()
    }
}
