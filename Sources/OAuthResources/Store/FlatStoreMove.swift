import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// Moves a store an earlier version kept beside a file (`PATH`, `PATH.account-…`,
/// `PATH.registration-…`) into a folder at `PATH` (`FileTokenStore/init(directory:)`), so that
/// no sign-in or registration is lost when the tools' `--store` became a folder.
///
/// Registrations were kept under a file name made from their key, cut and hashed when long, so a
/// long key cannot be read back from the name: it is found again from the sign-ins beside it
/// (the server, client, resource and redirect URI a resource session keys it by). One that none
/// names is moved all the same, under `registrations/unmatched-…`, and no session uses it.
enum FlatStoreMove {
    /// A folder store at `path`, with the entries of a flat store at `path` moved in first; the
    /// move holds `PATH.lock`, so processes starting together move it once.
    static func directoryStore(at path: String) async throws(OAuthError) -> FileTokenStore {
        guard needsMove(path) else { return FileTokenStore(directory: path) }
        let lock: TokenStoreLock
        do {
            lock = try await TokenStoreLock.file(at: path + ".lock")
        } catch {
            throw OAuthError.storageFailed("locking the store to move it into a folder", error)
        }
        defer { lock.release() }
        guard needsMove(path) else { return FileTokenStore(directory: path) }
        do {
            return try await move(path)
        } catch let error as OAuthError {
            throw error
        } catch {
            throw OAuthError.storageFailed("moving the store into a folder", error)
        }
    }

    /// Whether `path` is no folder and a flat store's files are there.
    static func needsMove(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return !isDirectory.boolValue }
        return !siblings(of: path).isEmpty
    }

    /// The names of the files beside `path` that belong to its flat store.
    static func siblings(of path: String) -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return names.filter {
            $0.hasPrefix(base + ".account-") || $0.hasPrefix(base + ".registration-")
                || $0.hasPrefix(base + ".sign-in-") || $0 == base + ".lock.version"
        }
    }

    private static func move(_ path: String) async throws -> FileTokenStore {
        let flat = FileTokenStore(path: path)
        var signIns: [(account: String, record: SignInRecord)] = []
        for account in flat.accounts() {
            if let record = try await flat.forAccount(account).load() { signIns.append((account, record)) }
        }
        // Every key a resource session could have kept a registration of these sign-ins under.
        var keys = Set<String>()
        for record in signIns.map(\.record) {
            guard let owner = record.owner else { continue }
            keys.insert(ResourceClientRegistrar.preregisteredKey(clientID: owner.clientID))
            for redirect in record.registration?.redirectURIs ?? [] {
                keys.insert(
                    ResourceClientRegistrar.dynamicKey(
                        issuer: owner.issuer ?? "", redirectURI: redirect, resource: owner.resource ?? ""))
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        func file(_ name: String) -> String {
            folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
        }
        var registrations: [(key: String?, file: String)] = []
        let base = (path as NSString).lastPathComponent
        for name in siblings(of: path) where name.hasPrefix(base + ".registration-") {
            let component = String(name.dropFirst(base.count + ".registration-".count))
            let key =
                AccountFileName.account(fromComponent: component)
                ?? keys.first { AccountFileName.component(for: $0) == component }
            registrations.append((key, file(name)))
        }
        // The flat default sign-in's file sits where the folder goes: read, then set aside.
        let setAside = path + ".moving-\(UUID().uuidString)"
        if FileManager.default.fileExists(atPath: path) {
            try FileManager.default.moveItem(atPath: path, toPath: setAside)
        }
        let store = FileTokenStore(directory: path)
        for (account, record) in signIns { try await store.forAccount(account).save(record) }
        for (key, source) in registrations {
            if let key, let registration = try await flat.loadRegistrationFile(source) {
                try await store.saveRegistration(registration, key: key)
                try FileManager.default.removeItem(atPath: source)
            } else {
                let target = (path as NSString).appendingPathComponent(
                    StoreDirectory.registrations + "/unmatched-" + (source as NSString).lastPathComponent + ".json")
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
                try FileManager.default.moveItem(atPath: source, toPath: target)
            }
        }
        // What is left of the flat store: its sign-in files and their locks.
        try? FileManager.default.removeItem(atPath: setAside)
        for name in siblings(of: path) { try? FileManager.default.removeItem(atPath: file(name)) }
        return store
    }
}
