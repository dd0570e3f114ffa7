#if PostgreSQL
import Foundation
@_spi(BuildingBlocks) import OAuthRuntime
public import Logging
import PostgresNIO

/// Keeps sign-ins and client registrations in PostgreSQL, for a fleet of replicas that share
/// them: a service on several machines, agents in several containers. One row per account
/// (`oauthgen_sign_ins`) and per registration (`oauthgen_registrations`), each sealed with
/// AES-256-GCM under the app's ``StoreEncryptionKey``: the account name or registration key is
/// the row's key, in clear, and nothing else is.
///
/// ``lockForUpdate()`` holds a row lock in a table of the store's own, on a connection of its own
/// (a role that may merely connect cannot take it, as it could an advisory lock), so a refresh
/// re-reads the row, refreshes and writes the rotated tokens while every other replica waits: one
/// refresh per expiry for the whole fleet, even against a server that rotates refresh tokens and
/// revokes on reuse. A replica that dies holding the lock frees it the moment its connection
/// ends. ``revision()`` answers from what the store heard on a `LISTEN` channel that every write
/// notifies, so a replica notices another's refresh or sign-out without reading the tokens.
///
/// The store makes its tables itself at its first connection (the statements are in this
/// module's overview); its role needs no more than a database owner's rights. It opens
/// connections as they are needed; call ``close()`` when done with it (a process that exits
/// closes them anyway).
public struct PostgresTokenStore: AccountTokenStore, ClientRegistrationStore {
    /// The account a store is made for.
    public static let defaultAccount = "default"

    /// Where the database is.
    public let location: PostgresStoreLocation
    /// The account whose sign-in this store keeps.
    public let account: String
    /// How long a statement, a connection or a wait for the lock may take.
    public let timeout: Duration
    let key: StoreEncryptionKey
    let database: PostgresStoreDatabase

    /// A store in the database at `location`, its rows sealed with `key`. Nothing connects until
    /// the first read or write.
    ///
    /// - Parameters:
    ///   - location: the database, its credentials and `sslmode`.
    ///   - key: what every row is sealed with.
    ///   - timeout: how long a statement, a connection or a wait for the lock may take.
    ///   - logger: where the store says when it connects and why a connection failed (the host,
    ///     port, database and `sslmode`; never the password, a row or a statement). Silent by
    ///     default; postgres-nio itself is never handed it, since its trace lines carry messages.
    public init(
        location: PostgresStoreLocation, key: StoreEncryptionKey, timeout: Duration = TokenStoreLock.defaultTimeout,
        logger: Logger = OAuthTelemetry.silentLogger
    ) {
        self.init(
            location: location, account: Self.defaultAccount, timeout: timeout, key: key,
            database: PostgresStoreDatabase(
                connector: PostgresStoreConnector(location: location, timeout: timeout, logger: logger)))
    }

    private init(
        location: PostgresStoreLocation, account: String, timeout: Duration, key: StoreEncryptionKey,
        database: PostgresStoreDatabase
    ) {
        self.location = location
        self.account = account
        self.timeout = timeout
        self.key = key
        self.database = database
    }

    /// The same store (and its connections) for another account.
    public func forAccount(_ account: String) -> PostgresTokenStore {
        PostgresTokenStore(location: location, account: account, timeout: timeout, key: key, database: database)
    }

    /// The stored sign-in; `nil` when there is none.
    ///
    /// - Throws: ``PostgresStoreError/unreadableRow(table:key:)`` for a row sealed with another
    ///   key (the session reports the store failed and keeps the row), `StoredSignInFormatError`
    ///   for a sign-in a newer version wrote, ``PostgresStoreError`` when the database fails.
    public func load() async throws -> SignInRecord? {
        let account = account
        let row = try await database.run("reading the sign-in") { connection -> (Int64, Data)? in
            let rows = try await connection.query(
                "SELECT revision, sealed FROM oauthgen_sign_ins WHERE account = \(account)",
                logger: PostgresStoreConnector.silent)
            for try await (revision, sealed) in rows.decode((Int64, Data).self) { return (revision, sealed) }
            return nil
        }
        guard let (revision, sealed) = row else { return nil }
        let legacy = sealed.first == StoreEncryptionKey.formatVersion
        if let seen = database.revisions.wentBack(revision, legacy: legacy, of: account) {
            throw PostgresStoreError.rowWentBack(
                table: PostgresStoreSchema.signIns, key: account, revision: revision, seen: seen)
        }
        // The revision is sealed into the row: a revision column rewritten does not open.
        let plaintext = try key.open(sealed, table: PostgresStoreSchema.signIns, name: account, revision: revision)
        database.revisions.opened(revision, of: account)
        return try SignInRecord.decode(stored: plaintext)
    }

    /// Replaces the stored sign-in, sealed with the revision the sequence gives it (issue 53, H8:
    /// a row put back from earlier then opens for no replica that read a later one), written by a
    /// statement that also notifies the other replicas. A write given an earlier revision than the
    /// row's (two writers racing outside the lock) leaves the later one.
    public func save(_ signIn: SignInRecord) async throws {
        let (account, key) = (account, key)
        let plaintext = try JSONEncoder().encode(signIn)
        let revision = try await database.run("saving the sign-in") { connection -> Int64? in
            var next: Int64?
            let numbers = try await connection.query(
                "SELECT nextval('oauthgen_revision')", logger: PostgresStoreConnector.silent)
            for try await number in numbers.decode(Int64.self) { next = number }
            guard let next else { return nil }
            let sealed = try key.seal(plaintext, table: PostgresStoreSchema.signIns, name: account, revision: next)
            let rows = try await connection.query(
                """
                WITH written AS (
                    INSERT INTO oauthgen_sign_ins (account, revision, sealed)
                    VALUES (\(account), \(next), \(sealed))
                    ON CONFLICT (account) DO UPDATE SET revision = EXCLUDED.revision, sealed = EXCLUDED.sealed
                    WHERE oauthgen_sign_ins.revision < EXCLUDED.revision
                    RETURNING revision, account)
                SELECT revision, pg_notify('oauthgen_store', revision::text || ' ' || account) FROM written
                """, logger: PostgresStoreConnector.silent)
            for try await (revision, _) in rows.decode((Int64, String).self) { return revision }
            return nil
        }
        if let revision { database.revisions.noteWrite(revision, for: account) }
    }

    /// Removes the stored sign-in, and tells the other replicas.
    public func clear() async throws {
        let account = account
        let revision = try await database.run("removing the sign-in") { connection -> Int64? in
            let rows = try await connection.query(
                """
                WITH removed AS (DELETE FROM oauthgen_sign_ins WHERE account = \(account) RETURNING account),
                    counted AS (SELECT nextval('oauthgen_revision') AS revision, account FROM removed)
                SELECT revision, pg_notify('oauthgen_store', revision::text || ' ' || account) FROM counted
                """, logger: PostgresStoreConnector.silent)
            for try await (revision, _) in rows.decode((Int64, String).self) { return revision }
            return nil
        }
        if let revision { database.revisions.noteWrite(revision, for: account) }
    }

    /// A row lock on this account's sign-in, held on a connection of its own until released
    /// or until the connection ends; waiting is bounded by ``timeout`` and ends at cancellation.
    public func lockForUpdate() async throws -> TokenStoreLock? {
        try await holdLock("oauthgen sign-in \(account)", shownAs: "\(location) \(account)", timeout: timeout)
    }

    /// Holds the lock `name` (a row of the store's locks table, which the store's first
    /// connection makes, so that connection is made first), waiting `timeout` at most.
    func holdLock(_ name: String, shownAs shown: String, timeout: Duration) async throws -> TokenStoreLock {
        try await database.run("preparing the store's tables") { _ in }
        return try await database.locks.hold(name, shownAs: shown, timeout: timeout)
    }

    /// The account's revision, as this store last heard it on its channel: no statement.
    public func revision() -> UInt64? {
        database.revisions.revision(of: account)
    }

    /// Every account with a sign-in in the database, sorted.
    public func accounts() async throws -> [String] {
        try await database.run("listing the sign-ins") { connection in
            let rows = try await connection.query(
                "SELECT account FROM oauthgen_sign_ins ORDER BY account", logger: PostgresStoreConnector.silent)
            var accounts: [String] = []
            for try await account in rows.decode(String.self) { accounts.append(account) }
            return accounts
        }
    }

    /// Closes the store's connections (every account's: they share them).
    public func close() async {
        await database.close()
    }
}
#endif
