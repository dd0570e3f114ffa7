#if PostgreSQL
import Foundation
import OAuthLocking
import PostgresNIO

/// What each account's revision is, as heard on the store's channel: every write notifies
/// `<revision> <account>` (``PostgresStoreSchema/channel``) when it commits, and a connection of
/// this store's listens, so ``revision(of:)`` answers from memory, as cheap as the file store's
/// mapped count, and a replica notices another's refresh or sign-out without reading the tokens.
///
/// While nothing listens (before the listener is up, after its connection broke) every call
/// answers a new value: the session then reads the store at each access, which is slower but
/// never misses a change. The listener reconnects by itself.
final class PostgresStoreRevisions: Sendable {
    private struct State {
        var listening = false
        /// Bumped each time listening starts: whatever was missed before, every session reads again.
        var epoch: UInt64 = 0
        /// Counts the answers given while nothing listens, each one new.
        var unheard: UInt64 = 0
        var seen: [String: Int64] = [:]
        var task: Task<Void, Never>?
        var connection: PostgresConnection?
    }

    private let connector: PostgresStoreConnector
    private let state = LockedBox(State())

    init(connector: PostgresStoreConnector) {
        self.connector = connector
    }

    /// The account's revision as last heard; a new value at each call while nothing listens.
    func revision(of account: String) -> UInt64 {
        state.withLock { state in
            guard state.listening else {
                state.unheard &+= 1
                return 1 << 63 | state.unheard
            }
            return state.epoch << 40 | UInt64(truncatingIfNeeded: state.seen[account] ?? 0) & (1 << 40 - 1)
        }
    }

    /// Records a revision this process read or wrote, before its notification arrives.
    func note(_ revision: Int64, for account: String) {
        state.withLock { $0.seen[account] = max($0.seen[account] ?? 0, revision) }
    }

    /// Starts listening, once.
    func start() {
        state.withLock { state in
            guard state.task == nil else { return }
            state.task = Task { [connector] in await self.listen(connector) }
        }
    }

    private func listen(_ connector: PostgresStoreConnector) async {
        var pause: Duration = .milliseconds(100)
        while !Task.isCancelled {
            do {
                let connection = try await connector.connect()
                state.withLock { $0.connection = connection }
                try await connection.listen(on: PostgresStoreSchema.channel) { notifications in
                    state.withLock {
                        $0.listening = true
                        $0.epoch &+= 1
                    }
                    pause = .milliseconds(100)
                    for try await notification in notifications {
                        let parts = notification.payload.split(separator: " ", maxSplits: 1)
                        if parts.count == 2, let revision = Int64(parts[0]) { note(revision, for: String(parts[1])) }
                    }
                }
            } catch {}
            let broken = state.withLock { state -> PostgresConnection? in
                state.listening = false
                defer { state.connection = nil }
                return state.connection
            }
            broken?.closeEventually()
            guard (try? await Task.sleep(for: pause)) != nil else { return }
            pause = min(pause * 2, .seconds(5))
        }
    }

    /// Stops listening without waiting for the listener to end.
    func cancel() {
        let (task, connection) = state.withLock { state in
            defer {
                state.task = nil
                state.connection = nil
                state.listening = false
            }
            return (state.task, state.connection)
        }
        task?.cancel()
        connection?.closeEventually()
    }

    /// Stops listening and closes the listener's connection.
    func stop() async {
        let task = state.withLock { $0.task }
        cancel()
        await task?.value
    }
}
#endif
