import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import TestSupport
import Testing

/// The Keychain as `SecItem` answers it, for one service: items by account, and statuses a test
/// queues to answer the next calls with (what a locked device, a missing entitlement or another
/// process racing in makes `SecItem` return). The real calls are `SecItemKeychain`'s, type-checked
/// against the SDKs; what the store decides from these answers is what runs here.
final class TestKeychain: KeychainItems, @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var items: [String: Data] = [:]
    private var queued: [Int32] = []
    private(set) var calls: [String] = []

    /// The next calls answer these statuses, in order, without touching the items.
    func answerNext(_ statuses: Int32...) { lock.withLock { queued += statuses } }
    /// Another process's item.
    func put(_ data: Data, account: String) { lock.withLock { items[account] = data } }

    private func record(_ call: String) -> Int32? {
        lock.withLock {
            calls.append(call)
            return queued.isEmpty ? nil : queued.removeFirst()
        }
    }

    func read(account: String) -> (status: Int32, data: Data?) {
        if let status = record("read") { return (status, nil) }
        return lock.withLock {
            items[account].map { (KeychainStatus.success, $0) } ?? (KeychainStatus.itemNotFound, nil)
        }
    }

    func add(account: String, data: Data) -> Int32 {
        if let status = record("add") { return status }
        return lock.withLock {
            guard items[account] == nil else { return KeychainStatus.duplicateItem }
            items[account] = data
            return KeychainStatus.success
        }
    }

    func update(account: String, data: Data) -> Int32 {
        if let status = record("update") { return status }
        return lock.withLock {
            guard items[account] != nil else { return KeychainStatus.itemNotFound }
            items[account] = data
            return KeychainStatus.success
        }
    }

    func delete(account: String) -> Int32 {
        if let status = record("delete") { return status }
        return lock.withLock {
            items.removeValue(forKey: account) == nil ? KeychainStatus.itemNotFound : KeychainStatus.success
        }
    }

    func accounts() -> (status: Int32, accounts: [String]) {
        if let status = record("accounts") { return (status, []) }
        return lock.withLock {
            items.isEmpty ? (KeychainStatus.itemNotFound, []) : (KeychainStatus.success, Array(items.keys))
        }
    }
}

@Suite struct KeychainItemStoreTests {
    let keychain = TestKeychain()
    let signIn = SignIn<DiscoveredProvider>.withoutIDToken(
        TokenSet(accessToken: "at", expiresAt: Date().addingTimeInterval(600), refreshToken: "rt"))

    func store(_ account: String = "default", group: String? = nil) -> KeychainItemStore<TestKeychain> {
        KeychainItemStore(items: keychain, account: account, accessGroup: group)
    }

    @Test func savesAddsThenUpdatesAndLoadsBack() async throws {
        let store = store()
        #expect(try store.load() == nil)
        try store.save(signIn.record)
        #expect(try store.load() == signIn.record)
        try store.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "at2")).record)
        #expect(try store.load()?.tokens.accessToken == "at2")
        #expect(keychain.calls == ["read", "update", "add", "read", "update", "read"])
    }

    @Test func anItemAnotherProcessAddedMeanwhileIsUpdated() async throws {
        // update: not found; add: the extension got there first; update again.
        keychain.answerNext(KeychainStatus.itemNotFound, KeychainStatus.duplicateItem)
        keychain.put(Data("{}".utf8), account: "default")
        try store().save(signIn.record)
        #expect(try store().load() == signIn.record)
        #expect(keychain.calls == ["update", "add", "update", "read"])
    }

    @Test func beforeFirstUnlockTheStoreIsUnavailableNotEmpty() async throws {
        keychain.answerNext(KeychainStatus.interactionNotAllowed)
        let error = #expect(throws: TokenStoreUnavailableError.self) { try store().load() }
        #expect(error?.reason.contains("has not been unlocked since it started") == true)
        let underlying = try #require(error?.underlyingError)
        #expect((underlying as NSError).domain == "NSOSStatusErrorDomain")
        #expect((underlying as NSError).code == -25308)

        // The same for a write and a removal, and for a dismissed biometric prompt.
        keychain.answerNext(
            KeychainStatus.interactionNotAllowed, KeychainStatus.interactionNotAllowed, KeychainStatus.userCanceled)
        #expect(throws: TokenStoreUnavailableError.self) { try store().save(signIn.record) }
        #expect(throws: TokenStoreUnavailableError.self) { try store().clear() }
        let cancelled = #expect(throws: TokenStoreUnavailableError.self) { try store().load() }
        #expect(cancelled?.reason == "the user cancelled the authentication the Keychain item asks for")
    }

    @Test func aMissingEntitlementNamesTheAccessGroupToSignWith() async throws {
        keychain.answerNext(KeychainStatus.missingEntitlement)
        let error = #expect(throws: KeychainFailure.self) { try store(group: "ABCDE12345.com.example.shared").load() }
        #expect(
            error?.description
                == "reading the sign-in in the Keychain failed with OSStatus -34018 (errSecMissingEntitlement): expected the app to be signed with keychain-access-groups containing \"ABCDE12345.com.example.shared\", found it is not"
        )
        #expect((try #require(error) as NSError).code == -34018)
    }

    @Test func aCorruptItemIsNoSignIn() async throws {
        keychain.put(Data("{\"tokens\": tru".utf8), account: "default")
        #expect(try store().load() == nil)
    }

    @Test func accountsAreListedAndRemovable() async throws {
        #expect(try store().accounts() == [])
        try store("work").save(signIn.record)
        try store("home").save(signIn.record)
        #expect(try store().accounts() == ["home", "work"])
        try store("work").clear()
        try store("work").clear()  // already gone: not an error
        #expect(try store().accounts() == ["home"])
        keychain.answerNext(-50)
        let error = #expect(throws: KeychainFailure.self) { try store().accounts() }
        #expect(error?.description == "listing the accounts in the Keychain failed with OSStatus -50")
    }

    /// The prewarmed launch: the first read meets a locked Keychain. The session says so, stays
    /// signed in, and the next call reads the store again and finds the sign-in.
    @Test func interactionNotAllowedThenSuccessLeavesTheSessionSignedIn() async throws {
        let transport = LocalTransport()
        let store = store()
        try store.save(signIn.record)
        let session = OAuthSession<DiscoveredProvider>(
            client: try OAuthClient(
                configuration: testConfiguration(kind: .oauth2), options: ClientOptions(transport: transport)),
            store: store)

        keychain.answerNext(KeychainStatus.interactionNotAllowed)
        let error = await #expect(throws: OAuthError.self) { try await session.validAccessToken() }
        #expect(error?.kind == .storageUnavailable)
        #expect(
            error?.message
                == "reading the sign-in failed: the store is unavailable for now: the Keychain is locked: the device has not been unlocked since it started, or the item needs the device unlocked (it is read again at the next call)"
        )

        #expect(try await session.validAccessToken() == "at")
        #expect(try await session.currentSignIn() == signIn)
        #expect(try store.load() == signIn.record)
        #expect(await transport.requests.isEmpty)
    }

    /// Saving a sign-in into a locked Keychain says so with the same kind.
    @Test func savingIntoALockedKeychainIsStorageUnavailable() async throws {
        let session = OAuthSession<DiscoveredProvider>(
            client: try OAuthClient(configuration: testConfiguration(kind: .oauth2)), store: store())
        // Locked, it refuses every call: the look for another client's sign-in, then the save.
        keychain.answerNext(KeychainStatus.interactionNotAllowed, KeychainStatus.interactionNotAllowed)
        let error = await #expect(throws: OAuthError.self) { try await session.keep(signIn) }
        #expect(error?.kind == .storageUnavailable)
        #expect(
            error?.message.hasPrefix(
                "saving the sign-in failed: the store is unavailable for now: the Keychain is locked") == true)
    }

    /// A sign-out while the Keychain is locked signs this session out and says the item remains.
    @Test func signingOutOfALockedKeychainSaysTheSignInRemains() async throws {
        let store = store()
        try store.save(signIn.record)
        let transport = LocalTransport()
        await transport.set("https://id.example.com/revoke", HTTPResponse(status: 200, headers: [:], body: Data()))
        let session = OAuthSession<DiscoveredProvider>(
            client: try OAuthClient(
                configuration: testConfiguration(kind: .oauth2), options: ClientOptions(transport: transport)),
            store: store)
        #expect(try await session.currentSignIn() == signIn)
        // Locked, it refuses every call: the look for another client's sign-in, then the delete.
        keychain.answerNext(KeychainStatus.interactionNotAllowed, KeychainStatus.interactionNotAllowed)
        let error = await #expect(throws: OAuthError.self) { try await session.signOut() }
        #expect(error?.kind == .storageUnavailable)
        #expect(error?.message.hasPrefix("removing the sign-in failed: the store is unavailable for now") == true)
        #expect(try await session.currentSignIn() == nil)
        #expect(try store.load() == signIn.record)
        #expect(try await session.signOut() == .wasNotSignedIn)
        #expect(try store.load() == nil)
        #expect(await transport.count(of: "https://id.example.com/revoke") == 1)
    }

    /// Any other store failure is not "signed out" either, and not remembered.
    @Test func aFailingStoreIsReportedAndReadAgain() async throws {
        let store = store()
        try store.save(signIn.record)
        let session = OAuthSession<DiscoveredProvider>(
            client: try OAuthClient(configuration: testConfiguration(kind: .oauth2)), store: store)
        keychain.answerNext(KeychainStatus.missingEntitlement)
        let error = await #expect(throws: OAuthError.self) { try await session.currentSignIn() }
        #expect(error?.kind == .storageFailed)
        #expect(try await session.currentSignIn() == signIn)
    }
}
