import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FileTokenStoreTests {
    let signIn = SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "at", refreshToken: "rt"))

    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-store-\(UUID().uuidString)/tokens.json")
            .path
    }

    @Test func savesOwnerOnlyAndLoadsBack() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = FileTokenStore(path: path)
        #expect(try await store.load() == nil)
        try await store.save(signIn.record)
        #expect(try await store.load() == signIn.record)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let directory = (path as NSString).deletingLastPathComponent
        // The tokens, and the version count other processes read (no temporary file left behind).
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: directory)) == [
                "tokens.json", "tokens.json.lock.version",
            ])
        #expect(
            try FileManager.default.attributesOfItem(atPath: path + ".lock.version")[.posixPermissions] as? Int == 0o600
        )
        let revision = store.revision()
        try await store.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "at2")).record)
        #expect(try await store.load()?.tokens.accessToken == "at2")
        #expect(store.revision() != revision)
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: directory)) == [
                "tokens.json", "tokens.json.lock.version",
            ])
    }

    @Test func aCorruptFileMeansSignedOut() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{\"tokens\": tru".utf8).write(to: URL(fileURLWithPath: path))
        let store = FileTokenStore(path: path)
        #expect(try await store.load() == nil)
        let session = OAuthSession<DiscoveredProvider>(
            client: try OAuthClient<DiscoveredProvider>(configuration: testConfiguration()), store: store)
        await #expect(throws: OAuthError.notSignedIn) { try await session.validAccessToken() }
    }

    /// Hardening 6: a file another process could have planted or edited is not loaded.
    @Test func aPlantedFileIsNotLoaded() async throws {
        let path = temporaryPath()
        let directory = (path as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileTokenStore(path: path)
        try await store.save(signIn.record)
        #expect(try await store.load() == signIn.record)

        for mode in [0o666, 0o644, 0o640, 0o602] {
            #expect(chmod(path, mode_t(mode)) == 0)
            #expect(try await store.load() == nil, "mode \(String(mode, radix: 8))")
        }
        #expect(chmod(path, 0o600) == 0)
        #expect(try await store.load() == signIn.record)

        // Through a symlink: not followed, even to a well-formed 0600 file.
        let planted = directory + "/planted.json"
        try await FileTokenStore(path: planted).save(signIn.record)
        let linked = FileTokenStore(path: directory + "/link.json")
        #expect(symlink(planted, directory + "/link.json") == 0)
        #expect(try await linked.load() == nil)
    }

    /// Owned by another user: not this app's tokens (the test runs as root, as CI does, to chown).
    @Test(.enabled(if: geteuid() == 0, "needs root to give the file to another user"))
    func aFileOwnedByAnotherUserIsNotLoaded() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = FileTokenStore(path: path)
        try await store.save(signIn.record)
        #expect(chown(path, 65_534, 65_534) == 0)
        #expect(try await store.load() == nil)
    }

    @Test func clearRemovesTheFile() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = FileTokenStore(path: path)
        try await store.save(signIn.record)
        try await store.clear()
        #expect(!FileManager.default.fileExists(atPath: path))
        try await store.clear()
    }

    /// Several sign-ins in one store: the default account in the file, the others beside it,
    /// each with its own session, all listed.
    @Test func severalAccountsAreKeptAndListedWithTheDefaultFirst() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = FileTokenStore(path: path)
        #expect(store.accounts() == [])
        let work = store.forAccount("work@example.com")
        let odd = store.forAccount("../../etc/passwd.lock")
        try await work.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "work")).record)
        try await store.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "home")).record)
        try await odd.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "odd")).record)
        // Sessions on the accounts hold each their own refresh lock and version: both refresh and lock files exist.
        _ = try await work.lockForUpdate().map { $0.release() }
        #expect(store.accounts() == [FileTokenStore.defaultAccount, "../../etc/passwd.lock", "work@example.com"])
        #expect(try await store.load()?.tokens.accessToken == "home")
        #expect(try await store.forAccount("work@example.com").load()?.tokens.accessToken == "work")
        #expect(try await odd.load()?.tokens.accessToken == "odd")
        // A name cannot leave the directory or pass for a lock or a temporary file.
        #expect((odd.path as NSString).deletingLastPathComponent == (path as NSString).deletingLastPathComponent)
        #expect(!(odd.path as NSString).lastPathComponent.dropFirst("tokens.json".count).dropFirst().contains("."))
        try await work.clear()
        #expect(store.accounts() == [FileTokenStore.defaultAccount, "../../etc/passwd.lock"])
    }

    /// Hardening 3, item 6: 250 characters, or 50 `é`, made a file name past 255 bytes and the
    /// save failed with ENAMETOOLONG after a completed browser sign-in.
    @Test(arguments: [
        String(repeating: "a", count: 250), String(repeating: "é", count: 50), String(repeating: "Ω/", count: 300),
    ])
    func aLongAccountNameIsHashedAndStillListed(account: String) async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = FileTokenStore(path: path).forAccount(account)
        #expect((store.path as NSString).lastPathComponent.utf8.count < 160)
        try await store.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "long")).record)
        #expect(try await store.load()?.tokens.accessToken == "long")
        #expect(FileTokenStore(path: path).accounts() == [account])
        // Another long name with the same beginning is another file.
        let sibling = FileTokenStore(path: path).forAccount(account + "x")
        #expect(sibling.path != store.path)
        #expect(try await sibling.load() == nil)
    }

    /// Hardening 3, item 6: on a case-insensitive volume (macOS's default) `Work` and `work`
    /// were one file, so one account's sign-in replaced the other's.
    @Test func namesEqualButForCaseNeverShareAFile() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let upper = FileTokenStore(path: path).forAccount("Work")
        let lower = FileTokenStore(path: path).forAccount("work")
        #expect(upper.path.lowercased() != lower.path.lowercased())
        try await upper.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "upper")).record)
        try await lower.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "lower")).record)
        #expect(FileTokenStore(path: path).accounts() == ["Work", "work"])
        #expect(try await upper.load()?.tokens.accessToken == "upper")
    }

    /// A sign-in stored under an account's earlier file name (uppercase kept) is found and moved.
    @Test func aSignInStoredUnderTheEarlierNameIsMoved() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let legacy = FileTokenStore(path: path + ".account-Work")
        try await legacy.save(SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "kept")).record)
        #expect(FileTokenStore(path: path).accounts() == ["Work"])
        let store = FileTokenStore(path: path).forAccount("Work")
        #expect(try await store.load()?.tokens.accessToken == "kept")
        #expect(FileManager.default.fileExists(atPath: store.path))
        #expect(!FileManager.default.fileExists(atPath: path + ".account-Work"))
    }

    /// Hardening 4, item 7: on a case-insensitive volume the lookup of `Work`'s earlier file name
    /// finds `work`'s file. The move asks the directory for the exact name, so it never takes
    /// another account's file; here the volume's lookup is simulated by its listing.
    @Test func theMoveNeverTakesAnotherAccountsFileOnACaseInsensitiveVolume() {
        // What a case-insensitive volume lists when only account `work` has a sign-in: its file,
        // which a lookup of `…account-Work` would also find.
        let listed = ["sign-in.json", "sign-in.json.account-work"]
        let legacyName = "sign-in.json" + AccountFileName.marker + AccountFileName.legacyComponent(for: "Work")
        #expect(legacyName == "sign-in.json.account-Work")
        #expect(!FileTokenStore.mayMoveLegacyFile(named: legacyName, amongEntries: listed))
        // `Work`'s own earlier file, listed under its own name, moves.
        #expect(
            FileTokenStore.mayMoveLegacyFile(named: legacyName, amongEntries: listed + ["sign-in.json.account-Work"]))
    }

    /// The Keychain store's coordination file for another account (`x/../../outside` made files
    /// outside the app group's container): the same rule as the file store's.
    @Test(arguments: ["x/../../outside", "../..", String(repeating: "é", count: 200), "Work"])
    func aKeychainAccountsCoordinationFileStaysBesideItsStores(account: String) {
        let file = URL(fileURLWithPath: "/group/container/oauth.lock")
        let sibling = AccountFileName.sibling(of: file, for: account)
        #expect(sibling.deletingLastPathComponent().path == "/group/container")
        #expect(sibling.lastPathComponent.hasPrefix("oauth.lock.account-"))
        #expect(!sibling.lastPathComponent.dropFirst("oauth.lock.account-".count).contains("."))
        #expect(sibling.lastPathComponent.utf8.count < 160)
    }

    /// Hardening 3, item 10: a crash between a write and its rename left `<store>.<uuid>.tmp`
    /// holding a live rotated refresh token forever.
    @Test func aCrashedWritesTemporaryIsRemovedUnderTheLockAndAtSignOut() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = FileTokenStore(path: path)
        try await store.save(signIn.record)
        let stale = "\(path).\(UUID().uuidString).tmp"
        let fresh = "\(path).\(UUID().uuidString).tmp"
        let unrelated = "\(path).notes.tmp"
        for file in [stale, fresh, unrelated] {
            #expect(
                FileManager.default.createFile(
                    atPath: file, contents: Data("{\"refresh\":\"rotated\"}".utf8),
                    attributes: [.posixPermissions: 0o600]))
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: stale)
        try await store.lockForUpdate()?.release()
        // A write in progress elsewhere (a second old) is left alone.
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: fresh))
        try await store.clear()
        #expect(!FileManager.default.fileExists(atPath: fresh))
        #expect(FileManager.default.fileExists(atPath: unrelated))
    }
}
