import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

@_spi(BuildingBlocks) import OAuthResources
#if PostgreSQL
import OAuthPostgresStore
#endif

/// The store `--store` names: a folder of 0600 files, or a PostgreSQL database
/// (`postgres://USER@HOST:PORT/DB`, with `--store-key`) when this tool was built with the
/// `PostgreSQL` trait. Either way the processes that share it sign in, register and refresh once.
struct CommandLineStore: Sendable {
    /// The store, at its default account; it lists its sign-ins for `--list` and `--forget`, and
    /// the processes on it take its first-sign-in lock to sign in or register one at a time.
    let tokens: any AccountTokenStore
    /// Where it keeps registrations (the same store), listed for `--list`.
    let registrations: any ClientRegistrationStore
    /// How messages name it: the folder's path, or the database's URL without a password.
    let shown: String
    /// The folder, when it is one: `--list` names each sign-in's file.
    var folder: FileTokenStore? = nil

    /// Whether `argument` names a database rather than a folder.
    static func isDatabase(_ argument: String) -> Bool {
        argument.hasPrefix("postgres://") || argument.hasPrefix("postgresql://")
    }

    /// Opens the store `argument` names; `keyFile` is the database's `--store-key`.
    static func open(_ argument: String, keyFile: String?) async throws(OAuthError) -> CommandLineStore {
        guard isDatabase(argument) else {
            guard keyFile == nil else {
                throw OAuthError(
                    .invalidConfiguration,
                    "expected --store-key only with a postgres:// store, found it with the folder \(argument): a folder's files are this user's alone (0600), not sealed"
                )
            }
            let folder = try await FileTokenStore.directory(movingFlatStoreAt: argument)
            return CommandLineStore(tokens: folder, registrations: folder, shown: argument, folder: folder)
        }
        #if PostgreSQL
        guard let keyFile else {
            throw OAuthError(
                .invalidConfiguration,
                "expected --store-key FILE with a postgres:// store, found none: each row is sealed with that key (32 random bytes: head -c 32 /dev/urandom > FILE; chmod 600 FILE)"
            )
        }
        do {
            let location = try PostgresStoreLocation(url: argument)
            let database = PostgresTokenStore(location: location, key: try StoreEncryptionKey(contentsOfFile: keyFile))
            return CommandLineStore(tokens: database, registrations: database, shown: location.description)
        } catch {
            throw OAuthError(.invalidConfiguration, error.description)
        }
        #else
        throw OAuthError(
            .invalidConfiguration,
            "expected a --store folder, found a postgres:// URL: this oauthgen-login was built without the PostgreSQL trait (swift build --traits PostgreSQL --product oauthgen-login)"
        )
        #endif
    }
}
