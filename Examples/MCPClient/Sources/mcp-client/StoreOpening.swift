import ArgumentParser
import OAuthPostgresStore
import OAuthResources
import OAuthRuntime

extension MCPClientCommand {
    /// The store `--store` names: a folder of 0600 files, or a PostgreSQL database
    /// (`postgres://USER@HOST:PORT/DB`, sealed with `--store-key`), the one `oauthgen-login`
    /// shares its sign-ins in.
    func openStore() async throws -> (any AccountTokenStore)? {
        guard let store else {
            guard storeKey == nil else { throw ValidationError("expected --store-key only with --store postgres://…") }
            return nil
        }
        guard store.hasPrefix("postgres://") || store.hasPrefix("postgresql://") else {
            guard storeKey == nil else {
                throw ValidationError("expected --store-key only with a postgres:// store, found a folder: \(store)")
            }
            return try await FileTokenStore.directory(movingFlatStoreAt: store)
        }
        guard let storeKey else {
            throw ValidationError(
                "expected --store-key FILE with a postgres:// store: its rows are sealed with that key")
        }
        do {
            return PostgresTokenStore(
                location: try PostgresStoreLocation(url: store), key: try StoreEncryptionKey(contentsOfFile: storeKey))
        } catch {
            throw ValidationError(error.description)
        }
    }
}
