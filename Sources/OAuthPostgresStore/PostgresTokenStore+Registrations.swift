#if PostgreSQL
import Foundation
@_spi(BuildingBlocks) import OAuthRuntime
import PostgresNIO

// Client registrations, a row each, sealed as the sign-ins are: a registration holds its
// registration access token (RFC 7592), a secret like a refresh token.
extension PostgresTokenStore {
    /// The registration kept under `key`; `nil` when there is none.
    ///
    /// - Throws: ``PostgresStoreError/unreadableRow(table:key:)`` for a row sealed with another key.
    public func loadRegistration(key name: String) async throws -> ClientRegistrationRecord? {
        let sealed = try await database.run("reading a registration") { connection -> Data? in
            let rows = try await connection.query(
                "SELECT sealed FROM oauthgen_registrations WHERE key = \(name)", logger: PostgresStoreConnector.silent)
            for try await sealed in rows.decode(Data.self) { return sealed }
            return nil
        }
        guard let sealed else { return nil }
        let plaintext = try key.open(sealed, table: PostgresStoreSchema.registrations, name: name)
        return try JSONDecoder().decode(ClientRegistrationRecord.self, from: plaintext)
    }

    /// Keeps `registration` under `key`, replacing what was there, in one statement.
    public func saveRegistration(_ registration: ClientRegistrationRecord, key name: String) async throws {
        let sealed = try key.seal(
            JSONEncoder().encode(registration), table: PostgresStoreSchema.registrations, name: name)
        _ = try await database.run("saving a registration") { connection in
            _ = try await connection.query(
                """
                INSERT INTO oauthgen_registrations (key, sealed) VALUES (\(name), \(sealed))
                ON CONFLICT (key) DO UPDATE SET sealed = EXCLUDED.sealed
                """, logger: PostgresStoreConnector.silent)
        }
    }

    /// Forgets the registration under `key`.
    public func removeRegistration(key name: String) async throws {
        _ = try await database.run("removing a registration") { connection in
            _ = try await connection.query(
                "DELETE FROM oauthgen_registrations WHERE key = \(name)", logger: PostgresStoreConnector.silent)
        }
    }

    /// The keys of every registration in the database, sorted.
    public func registrationKeys() async throws -> [String] {
        try await database.run("listing the registrations") { connection in
            let rows = try await connection.query(
                "SELECT key FROM oauthgen_registrations ORDER BY key", logger: PostgresStoreConnector.silent)
            var keys: [String] = []
            for try await key in rows.decode(String.self) { keys.append(key) }
            return keys
        }
    }
}

extension PostgresTokenStore {
    /// A lock named for `name`, as ``lockForUpdate()`` holds one for a sign-in; `timeout` bounds
    /// the wait instead of the store's.
    public func holdFirstSignInLock(named name: String, timeout: Duration) async throws -> TokenStoreLock? {
        try await holdLock("oauthgen \(name)", shownAs: "\(location) \(name)", timeout: timeout)
    }
}
#endif
