import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Synchronization
import Testing

/// What every account store promises a session, `oauthgen-login` and a resource session's
/// removal, checked the same way on each (issue 54): sign-ins kept per account and listed,
/// registrations kept and listed, and, where the store says it has them, the locks that make its
/// processes refresh and sign in one at a time. A store written outside this package runs it as
/// the four here do: `try await StoreContract(open: { MyStore() }).check()`.
public struct StoreContract: Sendable {
    /// Another handle on one empty store, as another process would open it.
    public let open: @Sendable () -> any AccountTokenStore

    /// The contract for the store `open` gives a handle on.
    public init(open: @escaping @Sendable () -> any AccountTokenStore) { self.open = open }

    /// Every case, in order.
    public func check() async throws {
        try await signInsAreKeptPerAccountAndListed()
        try await registrationsAreKeptAndListed()
        try await locksHoldOffAnotherHandle()
    }

    /// A sign-in saved under one account is read back there, not under another; the accounts
    /// that hold one are listed, and a cleared one is not.
    public func signInsAreKeptPerAccountAndListed() async throws {
        let store = open()
        let (first, second) = (store.forAccount("contract one"), store.forAccount("contract two"))
        try await first.save(Self.record("AT-1"))
        try await second.save(Self.record("AT-2"))
        #expect(try await open().forAccount("contract one").load()?.tokens.accessToken == "AT-1")
        #expect(try await open().forAccount("contract two").load()?.tokens.accessToken == "AT-2")
        #expect(try await open().forAccount("contract three").load() == nil)
        #expect(Set(try await open().accounts()).isSuperset(of: ["contract one", "contract two"]))
        try await first.clear()
        #expect(try await open().forAccount("contract one").load() == nil)
        #expect(try await !open().accounts().contains("contract one"))
    }

    /// Where the store keeps registrations, one saved is read back by key, listed, and gone once
    /// removed; the store keeps them apart from the sign-ins (no account lists them).
    public func registrationsAreKeptAndListed() async throws {
        guard let registrations = open().registrationStore else { return }
        let record = ClientRegistrationRecord(
            issuer: "https://as.example", clientID: "contract-client", method: .dynamic)
        try await registrations.saveRegistration(record, key: "contract key")
        #expect(
            try await open().registrationStore?.loadRegistration(key: "contract key")?.clientID == "contract-client")
        #expect(try await open().registrationStore?.registrationKeys().contains("contract key") == true)
        #expect(try await !open().accounts().contains { $0.contains("contract key") })
        try await registrations.removeRegistration(key: "contract key")
        #expect(try await open().registrationStore?.loadRegistration(key: "contract key") == nil)
        #expect(try await open().registrationStore?.registrationKeys().contains("contract key") == false)
    }

    /// A store that says it has a lock (for a sign-in's update, for a first sign-in) keeps a
    /// second handle from taking it until the first lets go; then the second has it.
    public func locksHoldOffAnotherHandle() async throws {
        let (store, other) = (open(), open())
        if let held = try await store.lockForUpdate() {
            #expect(try await Self.isHeldOff { try await other.lockForUpdate() })
            held.release()
            try #require(try await other.lockForUpdate()).release()
        }
        let name = "contract first sign-in"
        if let held = try await store.holdFirstSignInLock(named: name, timeout: .seconds(60)) {
            #expect(
                try await Self.isHeldOff { try await other.holdFirstSignInLock(named: name, timeout: .seconds(60)) })
            held.release()
            try #require(try await other.holdFirstSignInLock(named: name, timeout: .seconds(60))).release()
        }
    }

    /// Whether `take` is still waiting after a moment, its wait then cancelled. A lock taken
    /// anyway (the store's promise broken) is released and reported.
    public static func isHeldOff(_ take: @escaping @Sendable () async throws -> TokenStoreLock?) async throws -> Bool {
        let taken = Taken()
        let waiter = Task {
            let lock = try await take()
            taken.value.withLock { $0 = true }
            lock?.release()
        }
        // An absence over a window: a loaded machine can only make the waiter later, not earlier.
        try await Task.sleep(for: .milliseconds(300))
        waiter.cancel()
        _ = try? await waiter.value
        return !taken.value.withLock { $0 }
    }

    private final class Taken: Sendable {
        let value = Mutex(false)
    }

    /// A sign-in with `accessToken`, an hour to live.
    public static func record(_ accessToken: String) -> SignInRecord {
        SignIn<DiscoveredProvider>.withoutIDToken(
            TokenSet(accessToken: accessToken, expiresAt: Date(timeIntervalSinceNow: 3600), refreshToken: "RT")
        )
        .record
    }
}
