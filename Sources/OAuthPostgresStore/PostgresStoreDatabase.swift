#if PostgreSQL
import Foundation
import OAuthRuntime
import PostgresNIO

/// One store's database, shared by every account's ``PostgresTokenStore`` made from it: one
/// connection for reads and writes (postgres-nio queues the statements of concurrent callers),
/// made at the first use and again after it broke, the migration run once on it and the
/// store's channel listened on (``PostgresStoreRevisions``); the connections the locks hold
/// (``PostgresStoreLocks``).
actor PostgresStoreDatabase {
    let connector: PostgresStoreConnector
    let locks: PostgresStoreLocks
    let revisions: PostgresStoreRevisions
    private var connection: PostgresConnection?
    private var connecting: Task<PostgresConnection, any Error>?

    init(connector: PostgresStoreConnector) {
        self.connector = connector
        locks = PostgresStoreLocks(connector: connector)
        revisions = PostgresStoreRevisions()
    }

    /// A store dropped without ``close()``: its connections close by themselves, and the
    /// listener, which would otherwise keep listening for nobody, stops.
    deinit {
        connecting?.cancel()
        connection?.closeEventually()
        revisions.cancel()
    }

    /// Runs `body` on the shared connection within the store's timeout; a statement that times out
    /// closes the connection, and the next call makes another.
    func run<Value: Sendable>(
        _ action: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let connection = try await current()
        do {
            return try await PostgresStoreDeadline.run(
                within: connector.timeout, action, closing: connection
            ) {
                try await body(connection)
            }
        } catch {
            if connection.isClosed { forget(connection) }
            throw PostgresStoreConnector.storeError(error) { .statementFailed(action: action, reason: $0) }
        }
    }

    /// The open connection, or a new one with the tables made; callers arriving while it is made
    /// wait for the same one. A caller's wait ends at its cancellation (`SharedTaskWait`); the
    /// connection is still made, and kept, for the others.
    private func current() async throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        if let connecting { return try await SharedTaskWait.value(of: connecting) }
        let connector = connector
        let task = Task { () async throws -> PostgresConnection in
            let connection: PostgresConnection
            do {
                connection = try await connector.connect()
                do {
                    try await Self.migrate(connection, timeout: connector.timeout)
                } catch {
                    try? await connection.close()
                    throw error
                }
            } catch {
                self.settle(nil)
                throw error
            }
            self.settle(connection)
            return connection
        }
        connecting = task
        return try await SharedTaskWait.value(of: task)
    }

    /// Keeps the connection a `current()` task made (`nil`: it failed).
    private func settle(_ made: PostgresConnection?) {
        connecting = nil
        guard let made else { return }
        connection = made
        revisions.listen(on: made)
    }

    private func forget(_ broken: PostgresConnection) {
        if connection === broken { connection = nil }
    }

    /// Makes the tables if they are missing or older (``PostgresStoreSchema/migration``, one
    /// statement), and refuses a database a newer oauthgen made. A database at this version is
    /// only read: the migration's advisory lock, which any role that may connect can hold too, is
    /// taken only while tables are still to be made.
    static func migrate(_ connection: PostgresConnection, timeout: Duration) async throws {
        try await PostgresStoreDeadline.run(within: timeout, "the store's migration", closing: connection) {
            let logger = PostgresStoreConnector.silent
            func version() async throws -> Int? {
                let rows = try await connection.query("SELECT max(version) FROM oauthgen_store_schema", logger: logger)
                var found: Int?
                for try await row in rows.decode(Int?.self) { found = row }
                return found
            }
            if let made = try? await version(), made >= PostgresStoreSchema.version {
                if made > PostgresStoreSchema.version {
                    throw PostgresStoreError.newerSchema(found: made, known: PostgresStoreSchema.version)
                }
                return
            }
            let migrated: Int?
            do {
                try await connection.query(PostgresQuery(unsafeSQL: PostgresStoreSchema.migration), logger: logger)
                migrated = try await version()
            } catch {
                throw PostgresStoreConnector.storeError(error) {
                    .statementFailed(action: "the store's migration", reason: $0)
                }
            }
            if let migrated, migrated > PostgresStoreSchema.version {
                throw PostgresStoreError.newerSchema(found: migrated, known: PostgresStoreSchema.version)
            }
        }
    }

    /// Closes every connection: the shared one (and with it the listening) and the idle lock ones.
    func close() async {
        connecting?.cancel()
        if let connection { try? await connection.close() }
        connection = nil
        revisions.cancel()
        await locks.close()
    }
}
#endif
