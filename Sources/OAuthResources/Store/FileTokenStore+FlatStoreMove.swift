@_spi(BuildingBlocks) import OAuthRuntime

// In this module, not the runtime's: finding a moved registration's key again needs the keys a
// resource session files its registrations under (`ProtectedResourceSession`).
extension FileTokenStore {
    /// A store that is the folder `path` (``init(directory:)``), moving into it first the entries
    /// an earlier version kept beside a file of that name (`path`, `path.account-…`,
    /// `path.registration-…`), sign-ins and registrations alike: how the command-line tools open
    /// `--store`, and how an app moves its own store to a folder.
    public static func directory(movingFlatStoreAt path: String) async throws(OAuthError) -> FileTokenStore {
        try await FlatStoreMove.directoryStore(at: path)
    }
}
