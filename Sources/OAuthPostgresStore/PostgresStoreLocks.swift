#if PostgreSQL
import Foundation
import OAuthLocking
import OAuthRuntime
import PostgresNIO

/// The locks a store's sessions take: a row of `oauthgen_locks`, a table of the store's own,
/// locked `FOR UPDATE` in a transaction held open on a connection of its own until release. Only
/// a role that may update the table can take one (issue 53, H6): advisory locks, used before,
/// need no privilege at all, their keys were the hash of a predictable name, and a role granted
/// nothing but `CONNECT` held a sign-in's lock and stalled every replica's renewal. A lock goes
/// with its transaction: a replica that dies holding one frees it the moment the server sees
/// the connection end.
///
/// Not an actor: `TokenStoreLock.release()` sends the unlock at once, from the caller's thread
/// onto the connection's event loop, with nothing to wait for on Swift's cooperative threads (a
/// release that waited there for a busy process's turn kept the lock from the other replicas:
/// seen under load, a 15 s wait). State is in lock boxes.
final class PostgresStoreLocks: Sendable {
    let connector: PostgresStoreConnector
    /// Connections whose lock was released, kept for the next lock (at most ``idleLimit``).
    private let idle = LockedBox<[PostgresConnection]>([])
    private static let idleLimit = 2
    /// How often a waiting lock asks again: a freed lock is taken within this.
    static let pollInterval: Duration = .milliseconds(20)
    /// The unlocks under way, by lock name: `TokenStoreLock.release()` cannot wait for its
    /// statement, so a session on this store that asks for the same lock right after waits for
    /// the unlock rather than finding it still held and polling (a locked refresh decision took
    /// 20.7 ms, one poll, before; see Benchmarks/README.md).
    private let releasing = LockedBox<[String: EventLoopFuture<Void>]>([:])
    /// The lock names whose row this process made or found: their insert is skipped (a round
    /// trip of the five a lock took).
    private let rows = LockedBox<Set<String>>([])

    init(connector: PostgresStoreConnector) {
        self.connector = connector
    }

    deinit {
        for connection in idle.value { connection.closeEventually() }
    }

    /// Holds the lock named `name` (its row, made if missing, locked `FOR UPDATE SKIP LOCKED`),
    /// asking every ``pollInterval`` until `timeout`; a cancelled task stops waiting at once.
    ///
    /// - Throws: `TokenStoreLockError.timedOut` when another replica held it all that time (the
    ///   session reports the store unavailable, refreshes nothing and tries again at its next call).
    func hold(_ name: String, shownAs shown: String, timeout: Duration) async throws -> TokenStoreLock {
        if let unlocking = releasing.withLock({ $0.removeValue(forKey: name) }) { try? await unlocking.get() }
        let connection = try await take()
        let deadline = ContinuousClock.now.advanced(by: timeout)
        do {
            while try await !tryLock(name, on: connection) {
                guard ContinuousClock.now < deadline else {
                    throw TokenStoreLockError.timedOut(path: shown, after: timeout)
                }
                try await Task.sleep(for: Self.pollInterval)
            }
        } catch {
            try? await connection.close()
            throw error
        }
        return TokenStoreLock { self.release(name, on: connection) }
    }

    private func tryLock(_ name: String, on connection: PostgresConnection) async throws -> Bool {
        let logger = PostgresStoreConnector.silent
        do {
            return try await PostgresStoreDeadline.run(
                within: connector.timeout, "taking the lock", closing: connection
            ) {
                // The row first, committed on its own: an insert inside the transaction would wait
                // for another replica's uncommitted insert of the same name.
                if !self.rows.withLock({ $0.contains(name) }) {
                    try await connection.query(
                        "INSERT INTO oauthgen_locks (name) VALUES (\(name)) ON CONFLICT DO NOTHING", logger: logger)
                    self.rows.withLock { _ = $0.insert(name) }
                }
                try await connection.query("BEGIN", logger: logger)
                let locked = try await connection.query(
                    "SELECT name FROM oauthgen_locks WHERE name = \(name) FOR UPDATE SKIP LOCKED", logger: logger)
                for try await _ in locked.decode(String.self) { return true }
                try await connection.query("ROLLBACK", logger: logger)
                // Held elsewhere, or the row is gone: the next try makes it again if it must.
                self.rows.withLock { _ = $0.remove(name) }
                return false
            }
        } catch {
            throw PostgresStoreConnector.storeError(error) { .statementFailed(action: "taking the lock", reason: $0) }
        }
    }

    /// Gives the lock back and keeps the connection for the next one; a connection that cannot
    /// unlock is closed, which unlocks too. Sent now; what it answers is handled on the event loop.
    private func release(_ name: String, on connection: PostgresConnection) {
        let unlocked = connection.query("COMMIT", logger: PostgresStoreConnector.silent).map { _ in () }
        releasing.withLock { $0[name] = unlocked }
        // Bounded as every statement is: a server that does not answer loses the connection,
        // which unlocks as well.
        let deadline = connection.eventLoop.scheduleTask(in: connector.timeoutAmount) { connection.closeEventually() }
        unlocked.whenComplete { result in
            deadline.cancel()
            let kept = self.idle.withLock { idle -> Bool in
                guard case .success = result, !connection.isClosed, idle.count < Self.idleLimit else { return false }
                idle.append(connection)
                return true
            }
            if !kept { connection.closeEventually() }
        }
    }

    private func take() async throws -> PostgresConnection {
        while let connection = idle.withLock({ $0.popLast() }) {
            if !connection.isClosed { return connection }
        }
        return try await connector.connect()
    }

    /// Closes the idle connections; a lock still held keeps its own until it is released.
    func close() async {
        for connection in idle.withLock({ idle in
            defer { idle = [] }
            return idle
        }) { try? await connection.close() }
    }
}
#endif
