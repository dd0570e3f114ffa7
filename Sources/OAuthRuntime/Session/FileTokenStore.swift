import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps tokens in a JSON file readable by the owner only (mode 0600), for desktop and
/// command-line apps. Writes go to a new 0600 file beside it that is renamed over the old one,
/// so a crash leaves either the old tokens or the new ones, never half of either.
///
/// Several processes may use one file: a refresh holds `<path>.lock` (``lockForUpdate()``), so
/// one of them refreshes and the others adopt its tokens.
///
/// One store can keep several sign-ins, one per account: ``defaultAccount`` in the file itself,
/// each other one beside it (``forAccount(_:)``), all of them listed by ``accounts()``.
///
/// A store made with ``init(directory:)`` keeps everything in one folder instead, each sign-in
/// and registration in a file of its own named for its server (`sign-ins/`, `registrations/`):
/// what the command-line tools use for `--store`.
public struct FileTokenStore: AccountTokenStore, ClientRegistrationStore {
    /// The account a store made with ``init(path:)`` keeps its sign-in under.
    public static let defaultAccount = "default"

    /// The file the given path names: the default account's sign-in, and where the others' are
    /// found; for a store made with ``init(directory:)``, the folder.
    public let basePath: String
    /// Whether ``basePath`` is a folder of entry files (``init(directory:)``).
    public let isDirectory: Bool
    /// The account whose sign-in this store keeps.
    public let account: String
    /// `<path>.lock` and its version count, shared by every process using this file.
    private let coordination: StoreCoordinationFile

    /// A store at `path`, for the default account; its directory is created owner-only when needed.
    public init(path: String) {
        self.init(basePath: path, account: Self.defaultAccount, isDirectory: false)
    }

    /// A store that is the folder `directory` (created 0700 at the first write): one 0600 file per
    /// sign-in and per registration, named so a person can tell which server each is for.
    public init(directory: String) {
        self.init(basePath: directory, account: Self.defaultAccount, isDirectory: true)
    }

    private init(basePath: String, account: String, isDirectory: Bool) {
        self.basePath = basePath
        self.account = account
        self.isDirectory = isDirectory
        let path =
            isDirectory
            ? StoreDirectory.signInPath(basePath, account: account)
            : account == Self.defaultAccount
                ? basePath : basePath + AccountFileName.marker + AccountFileName.component(for: account)
        self.path = path
        self.coordination = StoreCoordinationFile(path: path + ".lock")
    }

    /// The file this account's sign-in is kept in: the base path for the default account,
    /// `<base>.account-<name>` for another, the name made safe for a file name by
    /// the runtime's one account-name rule (no separator or dot, case kept apart, long names hashed), so no
    /// account file is ever outside the base's folder, or taken for a lock or a temporary file.
    public let path: String

    /// The same store for another account.
    public func forAccount(_ account: String) -> FileTokenStore {
        FileTokenStore(basePath: basePath, account: account, isDirectory: isDirectory)
    }

    /// Every account with a sign-in in this store, the default one first, the others sorted.
    public func accounts() -> [String] {
        if isDirectory {
            return StoreDirectory.names(
                in: (basePath as NSString).appendingPathComponent(StoreDirectory.signIns), member: "account",
                read: Self.ownFileContents)
        }
        let listed = flatNames(marker: AccountFileName.marker, member: "account")
        return (listed.hasBase ? [Self.defaultAccount] : []) + listed.names
    }

    /// The stored sign-in, read only from a regular file (not through a symlink) that this user
    /// owns and nobody else can read or write: a file another process could have planted or
    /// edited is not this app's tokens. Anything else — missing, foreign, corrupt — is signed out.
    ///
    /// - Throws: `StoredSignInFormatError` for a sign-in a newer version of the app wrote: it is
    ///   kept, not read as signed out.
    public func load() async throws -> SignInRecord? {
        moveLegacyFile()
        guard let data = Self.ownFileContents(at: path) else { return nil }
        return try SignInRecord.decode(stored: data)
    }

    /// An account's sign-in stored under the name an earlier version gave it (uppercase letters
    /// kept, which a case-insensitive volume folds into another account's), moved to its name now.
    private func moveLegacyFile() {
        guard !isDirectory, account != Self.defaultAccount else { return }
        let legacy = basePath + AccountFileName.marker + AccountFileName.legacyComponent(for: account)
        guard legacy != path, access(path, F_OK) != 0, access(legacy, F_OK) == 0 else { return }
        let directory = (legacy as NSString).deletingLastPathComponent
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        guard Self.mayMoveLegacyFile(named: (legacy as NSString).lastPathComponent, amongEntries: entries) else {
            return
        }
        // Only a file of this user's, as any load would require.
        guard Self.ownFileContents(at: legacy) != nil else { return }
        _ = rename(legacy, path)
    }

    /// Whether an account's file under the earlier name may move: only when the directory holds
    /// an entry of exactly that name. On a case-insensitive volume (APFS and HFS+ by default) the
    /// lookup of `…account-Work` finds account `work`'s file, `…account-work`, whose name the
    /// earlier rule and this one share: moving it would hand `work`'s sign-in to `Work`.
    static func mayMoveLegacyFile(named legacyName: String, amongEntries entries: [String]) -> Bool {
        entries.contains { Array($0.utf8) == Array(legacyName.utf8) }
    }

    /// Far above any real sign-in; a larger file is not one.
    static let maximumSize = 1 << 20

    public func save(_ signIn: SignInRecord) async throws {
        var data = try JSONEncoder().encode(signIn)
        if isDirectory {
            data = try StoreDirectory.tagged(data, member: "account", name: account)
        } else if account != Self.defaultAccount, AccountFileName.isHashed(AccountFileName.component(for: account)) {
            // The name that is not in the file name, for accounts().
            var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            object["account"] = account
            data = try JSONSerialization.data(withJSONObject: object)
        }
        try Self.writeOwnerOnly(data, to: path)
        coordination.markChanged()
    }

    /// The file a registration is kept in: `<base>.registration-<key>`, the key made safe for a
    /// file name by the account-name rule.
    func registrationPath(key: String) -> String {
        isDirectory
            ? StoreDirectory.registrationPath(basePath, key: key)
            : basePath + Self.registrationMarker + AccountFileName.component(for: key)
    }

    /// The lock file sessions on this store take to sign in for `name` one at a time: in the
    /// folder's `locks/`, or beside the file.
    package func signInLockPath(for name: String) -> String {
        isDirectory
            ? (basePath as NSString).appendingPathComponent("locks/" + StoreDirectory.fileName(for: name) + ".lock")
            : basePath + ".sign-in-" + AccountFileName.component(for: name) + ".lock"
    }

    /// The keys of the registrations kept in this store, sorted. Beside a file, a registration
    /// whose key was made into a hash for its file name is listed when its file says the key
    /// (those saved since issue 54 do).
    public func registrationKeys() -> [String] {
        guard isDirectory else { return flatNames(marker: Self.registrationMarker, member: "key").names }
        return StoreDirectory.names(
            in: (basePath as NSString).appendingPathComponent(StoreDirectory.registrations), member: "key",
            read: Self.ownFileContents)
    }

    /// The registration kept under `key`, if its file is this user's alone.
    public func loadRegistration(key: String) async throws -> ClientRegistrationRecord? {
        try await loadRegistrationFile(registrationPath(key: key))
    }

    /// Keeps `registration` under `key`, in a 0600 file beside the store's.
    public func saveRegistration(_ registration: ClientRegistrationRecord, key: String) async throws {
        let data = try JSONEncoder().encode(registration)
        try Self.writeOwnerOnly(StoreDirectory.tagged(data, member: "key", name: key), to: registrationPath(key: key))
    }

    /// A registration from a file of this user's alone (a flat store's, being moved).
    package func loadRegistrationFile(_ file: String) async throws -> ClientRegistrationRecord? {
        guard let data = Self.ownFileContents(at: file) else { return nil }
        return try JSONDecoder().decode(ClientRegistrationRecord.self, from: data)
    }

    /// Removes the registration's file.
    public func removeRegistration(key: String) async throws {
        guard unlink(registrationPath(key: key)) == 0 || errno == ENOENT else { throw Self.posixError() }
    }

    /// An advisory lock on `<path>.lock`, which every session and process using this file
    /// shares: a refresh re-reads the file and writes the rotated tokens under it.
    ///
    /// Holding it, the store removes its temporary files older than a minute: a process that
    /// died between writing one and renaming it left a live (rotated) refresh token in it forever.
    public func lockForUpdate() async throws -> TokenStoreLock? {
        let lock = try await coordination.lock()
        removeTemporaries(olderThan: 60)
        return lock
    }

    /// Removes this file's temporaries (`<path>.<UUID>.tmp`, this user's) last changed more than
    /// `age` seconds ago.
    private func removeTemporaries(olderThan age: TimeInterval) {
        let directory = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)
        else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let middle = name.dropFirst(prefix.count).dropLast(".tmp".count)
            guard UUID(uuidString: String(middle)) != nil else { continue }
            let file = directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name)
            var status = stat()
            guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else {
                continue
            }
            #if canImport(Darwin)
            let modified = TimeInterval(status.st_mtimespec.tv_sec)
            #else
            let modified = TimeInterval(status.st_mtim.tv_sec)
            #endif
            if Date().timeIntervalSince1970 - modified >= age { unlink(file) }
        }
    }

    /// `<path>.lock.version`'s count, which every save and clear bumps: one `pread`, so a session can
    /// ask at every access.
    public func revision() -> UInt64? {
        if let count = coordination.revision() { return count }
        // No mapping (a read-only directory): the file's identity, size and time, at a system call each.
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        var hasher = Hasher()
        for part in [
            Int64(status.st_dev), Int64(status.st_ino), Int64(status.st_size), Int64(modified.tv_sec),
            Int64(modified.tv_nsec),
        ] {
            hasher.combine(part)
        }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// Removes the file, and any temporary file a crashed write left beside it.
    public func clear() async throws {
        if unlink(path) != 0 && errno != ENOENT {
            throw Self.posixError()
        }
        removeTemporaries(olderThan: 0)
        coordination.markChanged()
    }
}
