import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import RuntimeTestSupport
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock and version files beside a shared store, under the attacks and accidents of
/// hardening 3, items 2–4: a shortened or planted file, a holder that never lets go, a
/// cancelled caller, a sign-out without the lock.
@Suite(.serialized) struct StoreCoordinationTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "oauthgen-coordination-\(UUID().uuidString)")
    var path: String { directory.appendingPathComponent("tokens.json").path }
    let tokens: RotatingTokenServer

    init() throws {
        tokens = try RotatingTokenServer()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func session(_ store: any TokenStore) throws -> OAuthSession<DiscoveredProvider> {
        var configuration = testConfiguration(kind: .oauth2)
        configuration.endpoints.token = URL(string: "\(tokens.server.origin)/token")!
        configuration.endpoints.revocation = nil
        return OAuthSession(
            client: try OAuthClient<DiscoveredProvider>(
                configuration: configuration, options: ClientOptions(allowInsecureLoopback: true)), store: store)
    }

    func signedInStore(expired: Bool = false) async throws -> FileTokenStore {
        let store = FileTokenStore(path: path)
        try await store.save(
            SignInRecord(
                tokens: TokenSet(
                    accessToken: "AT-1", expiresAt: Date(timeIntervalSinceNow: expired ? -10 : 3600),
                    refreshToken: "RT-1"), idToken: nil))
        return store
    }

    /// The count was read through a memory mapping: a version file shortened by another process
    /// or a sync tool killed every process using the store with SIGBUS.
    @Test func aShortenedVersionFileIsNoCount() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await signedInStore()
        let session = try session(store)
        #expect(try await session.validAccessToken() == "AT-1")
        #expect(truncate(path + ".lock.version", 3) == 0)
        // No count now: the store falls back to its file's identity, and reads go on.
        #expect(store.revision() != nil)
        #expect(try await session.validAccessToken() == "AT-1")
        try await store.save(
            SignInRecord(
                tokens: TokenSet(accessToken: "AT-9", expiresAt: Date(timeIntervalSinceNow: 3600)), idToken: nil))
        #expect(try await session.validAccessToken() == "AT-9")
        #expect(try FileManager.default.attributesOfItem(atPath: path + ".lock.version")[.size] as? Int == 8)
    }

    /// A lock file others can write: not this app's, refused with a reason.
    @Test func aLockFileOthersCanWriteIsRefused() async throws {
        try await expectPlantedLockFileRefused(mode: 0o666, owner: nil, reason: "others can write it (mode 666)")
    }

    /// Another user's lock file. Planting one needs root (`chown`), as CI and this machine's
    /// sessions run; elsewhere the test is reported as not run rather than passing empty.
    @Test(.enabled(if: geteuid() == 0, "planting another user's file needs root"))
    func anotherUsersLockFileIsRefused() async throws {
        try await expectPlantedLockFileRefused(mode: 0o600, owner: 65534, reason: "belongs to user 65534")
    }

    func expectPlantedLockFileRefused(mode: Int, owner: UInt32?, reason expected: String) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let lockPath = path + ".lock"
        #expect(FileManager.default.createFile(atPath: lockPath, contents: nil))
        #expect(chmod(lockPath, mode_t(mode)) == 0)
        if let owner { #expect(chown(lockPath, owner, owner) == 0) }
        do {
            _ = try await TokenStoreLock.file(at: lockPath)
            Issue.record("expected the planted lock file to be refused")
        } catch let error as TokenStoreLockError {
            guard case .untrustedFile(let refused, let reason) = error else {
                Issue.record("found \(error)")
                return
            }
            #expect(refused == lockPath)
            #expect(reason.contains(expected))
        }
    }

    /// Another user's version file is not read: it could say anything.
    @Test func aPlantedVersionFileIsNotTrusted() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let versionPath = path + ".lock.version"
        #expect(FileManager.default.createFile(atPath: versionPath, contents: Data(repeating: 7, count: 8)))
        #expect(chmod(versionPath, 0o622) == 0)
        #expect(StoreVersionCounter(path: versionPath) == nil)
        #expect(chmod(versionPath, 0o600) == 0)
        #expect(StoreVersionCounter(path: versionPath)?.value == 0x0707_0707_0707_0707)
    }

    @Test func aLockHeldPastTheDeadlineIsATypedTimeout() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let lockPath = path + ".lock"
        let held = try await TokenStoreLock.file(at: lockPath)
        defer { held.release() }
        let started = ContinuousClock.now
        await #expect(throws: TokenStoreLockError.timedOut(path: lockPath, after: .milliseconds(300))) {
            try await TokenStoreLock.file(at: lockPath, timeout: .milliseconds(300))
        }
        // Ends at its own deadline, not the default one (15 s): bounded well below that, with
        // room for a loaded machine.
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    /// A session whose store's lock another process holds past the deadline: not signed out,
    /// nothing refreshed, `storageUnavailable`.
    @Test func aRefreshThatCannotHaveTheLockIsStorageUnavailable() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = QuickLockStore(base: try await signedInStore(expired: true), timeout: .milliseconds(300))
        let held = try await TokenStoreLock.file(at: path + ".lock")
        defer { held.release() }
        let session = try session(store)
        do {
            _ = try await session.validAccessToken()
            Issue.record("expected the refresh to give up on the lock")
        } catch {
            #expect(error.kind == .storageUnavailable)
            #expect(error.underlyingError is TokenStoreLockError)
        }
        #expect(tokens.endpoint.refreshes == 0)
        #expect(try await store.load()?.tokens.refreshToken == "RT-1")
    }

    /// Before, the caller's wait was the shared refresh task's: cancelled after 0.2 s, it came
    /// back when the other process let go.
    ///
    /// Ordered, not timed: the other process lets go only after the cancelled caller came back,
    /// so a caller still tied to the lock would come back with the lock's own timeout
    /// (`storageUnavailable`, 15 s on), never `taskCancelled`. (A 1-second bound on the return
    /// failed on a loaded 2-core machine at 1.17 s; issue 44.)
    @Test func aCancelledCallerStopsWaitingAtOnce() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await signedInStore(expired: true)
        let held = try await TokenStoreLock.file(at: path + ".lock")
        let session = try session(store)
        let caller = Task { try await session.validAccessToken() }
        try await Task.sleep(for: .milliseconds(200))
        caller.cancel()
        await #expect(throws: OAuthError.taskCancelled) { try await caller.value }
        held.release()
        // The refresh itself goes on for whoever else waits, once the lock is free.
        #expect(try await session.validAccessToken() == "AT-2")
        #expect(tokens.endpoint.refreshes == 1)
    }

    /// The lock cannot be had (here: a planted lock file): the sign-out still forgets, in memory
    /// and in the store.
    @Test func aSignOutWithoutTheLockStillSignsOut() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await signedInStore()
        let session = try session(store)
        #expect(try await session.validAccessToken() == "AT-1")
        #expect(FileManager.default.createFile(atPath: path + ".lock", contents: nil))
        #expect(chmod(path + ".lock", 0o666) == 0)
        #expect(try await session.signOut() == .notRevocable)
        await #expect(throws: OAuthError.notSignedIn) { try await session.validAccessToken() }
        #expect(try await store.load() == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

/// A file store whose lock wait gives up after `timeout`, as a custom store may choose.
struct QuickLockStore: TokenStore {
    let base: FileTokenStore
    let timeout: Duration

    func load() async throws -> SignInRecord? { try await base.load() }
    func save(_ signIn: SignInRecord) async throws { try await base.save(signIn) }
    func clear() async throws { try await base.clear() }
    func revision() -> UInt64? { base.revision() }
    func lockForUpdate() async throws -> TokenStoreLock? {
        try await TokenStoreLock.file(at: base.path + ".lock", timeout: timeout)
    }
}
