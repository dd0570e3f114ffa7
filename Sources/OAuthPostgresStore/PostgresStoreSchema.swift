/// The store's tables, which it makes itself at its first connection: ``statements``, in one
/// `DO` block (one statement, one round trip, its own transaction) that first takes a
/// transaction-level advisory lock, so replicas starting together make them once. One statement
/// rather than a transaction of several: a client that is slow to send the next one (a busy
/// process) left the transaction idle holding the lock, and every other replica's migration
/// waited for it (seen under the full test suite: 15 s timeouts). Nothing here needs more than a
/// database owner's rights: PostgreSQL 15 lets the owner, not every role, create tables in
/// `public`; `DO` runs PL/pgSQL, which every role may use.
enum PostgresStoreSchema {
    /// The version these statements make; a database at a later one was made by a newer oauthgen.
    static let version = 2

    /// Sign-ins: one row per account, the account in clear as the row key only; `revision` from
    /// one sequence, so a row removed and written again never repeats a revision.
    static let signIns = "oauthgen_sign_ins"
    /// Client registrations, by the key a resource session names them with.
    static let registrations = "oauthgen_registrations"
    /// The locks' rows, one per lock name, locked `FOR UPDATE` while a replica holds it
    /// (`PostgresStoreLocks`): only the store's role may, unlike an advisory lock.
    static let locks = "oauthgen_locks"
    /// The channel every write notifies with `<revision> <account>`, which each store listens on.
    static let channel = "oauthgen_store"

    /// The transaction-level advisory lock the migration holds (an arbitrary constant: "oauthgen").
    static let migrationLock: Int64 = 0x6F61_7574_6867_656E

    /// What the migration runs, in order, in one transaction.
    static let statements = [
        "PERFORM pg_advisory_xact_lock(\(migrationLock))",
        "CREATE TABLE IF NOT EXISTS oauthgen_store_schema (version integer PRIMARY KEY)",
        "CREATE SEQUENCE IF NOT EXISTS oauthgen_revision",
        "CREATE TABLE IF NOT EXISTS \(signIns) (account text PRIMARY KEY, revision bigint NOT NULL, sealed bytea NOT NULL)",
        "CREATE TABLE IF NOT EXISTS \(registrations) (key text PRIMARY KEY, sealed bytea NOT NULL)",
        "CREATE TABLE IF NOT EXISTS \(locks) (name text PRIMARY KEY)",
        "INSERT INTO oauthgen_store_schema (version) VALUES (\(version)) ON CONFLICT DO NOTHING",
    ]

    /// ``statements`` as the one statement the store sends.
    static var migration: String {
        "DO $migration$ BEGIN " + statements.map { $0 + "; " }.joined() + "END $migration$"
    }
}
