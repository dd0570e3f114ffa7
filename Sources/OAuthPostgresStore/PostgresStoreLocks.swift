#if PostgreSQL
import Foundation
import OAuthLocking
import OAuthRuntime
import PostgresNIO

/// The advisory locks a store's sessions take: each held lock on a connection of its own, since
/// PostgreSQL lets one session take its own advisory lock again (two sessions of this process on
/// one connection would not keep each other out). A session-level lock goes with its
/// connection: a replica that dies holding one frees it the moment the server sees the
/// connection end.
actor PostgresStoreLocks {
    let connector: PostgresStoreConnector
    /// Connections whose lock was released, kept for the next lock (at most ``idleLimit``).
    private var idle: [PostgresConnection] = []
    private static let idleLimit = 2
    /// How often a waiting lock asks again: a freed lock is taken within this.
    static let pollInterval: Duration = .milliseconds(20)
    /// The unlocks under way, by lock name: `TokenStoreLock.release()` cannot wait for its
    /// statement, so a session of this process that asks for the same lock right after waits for
    /// the unlock rather than finding it still held and polling (a locked refresh decision took
    /// 20.7 ms, one poll, before; see Benchmarks/README.md).
    private let releasing = LockedBox<[String: Task<Void, Never>]>([:])

    init(connector: PostgresStoreConnector) {
        self.connector = connector
    }

    deinit {
        for connection in idle { connection.closeEventually() }
    }

    /// Holds the lock named `name` (`pg_try_advisory_lock` on the name's 64-bit hash), asking
    /// every ``pollInterval`` until `timeout`; a cancelled task stops waiting at once.
    ///
    /// - Throws: `TokenStoreLockError.timedOut` when another replica held it all that time (the
    ///   session reports the store unavailable, refreshes nothing and tries again at its next call).
    func hold(_ name: String, shownAs shown: String, timeout: Duration) async throws -> TokenStoreLock {
        if let unlocking = releasing.withLock({ $0.removeValue(forKey: name) }) { await unlocking.value }
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
        let releasing = releasing
        return TokenStoreLock {
            let unlocking = Task { await self.release(name, on: connection) }
            releasing.withLock { $0[name] = unlocking }
        }
    }

    private func tryLock(_ name: String, on connection: PostgresConnection) async throws -> Bool {
        do {
            return try await PostgresStoreDeadline.run(
                within: connector.timeout, "taking the lock", closing: connection
            ) {
                let rows = try await connection.query(
                    "SELECT pg_try_advisory_lock(hashtextextended(\(name), 0))", logger: PostgresStoreConnector.logger)
                for try await held in rows.decode(Bool.self) { return held }
                return false
            }
        } catch let error as PostgresStoreError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw PostgresStoreError.statementFailed(
                action: "taking the lock", reason: PostgresStoreConnector.reason(error))
        }
    }

    /// Gives the lock back and keeps the connection for the next one; a connection that cannot
    /// unlock is closed, which unlocks too.
    private func release(_ name: String, on connection: PostgresConnection) async {
        do {
            try await PostgresStoreDeadline.run(
                within: connector.timeout, "releasing the lock", closing: connection
            ) {
                _ = try await connection.query(
                    "SELECT pg_advisory_unlock(hashtextextended(\(name), 0))", logger: PostgresStoreConnector.logger)
            }
            if idle.count < Self.idleLimit, !connection.isClosed {
                idle.append(connection)
                return
            }
        } catch {}
        try? await connection.close()
    }

    private func take() async throws -> PostgresConnection {
        while let connection = idle.popLast() {
            if !connection.isClosed { return connection }
        }
        return try await connector.connect()
    }

    /// Closes the idle connections; a lock still held keeps its own until it is released.
    func close() async {
        for connection in idle { try? await connection.close() }
        idle = []
    }
}
#endif
