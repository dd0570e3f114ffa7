#if PostgreSQL
import Foundation
import OAuthLocking
import PostgresNIO

/// What each account's revision is, as heard on the store's channel: every write notifies
/// `<revision> <account>` (``PostgresStoreSchema/channel``) when it commits, and the store's own
/// connection listens, so ``revision(of:)`` answers from memory, as cheap as the file store's
/// mapped count, and a replica notices another's refresh or sign-out without reading the tokens.
/// The store's one connection carries both its statements and the notifications: a connection
/// fewer to open (each is a SCRAM exchange), and listening ends when that connection does.
///
/// While nothing listens (before the first connection, after it broke) every call answers a new
/// value: the session then reads the store at each access, which is slower but never misses a
/// change.
final class PostgresStoreRevisions: Sendable {
    private struct State {
        var listening = false
        /// Bumped each time listening starts: whatever was missed before, every session reads again.
        var epoch: UInt64 = 0
        /// Counts the answers given while nothing listens, each one new.
        var unheard: UInt64 = 0
        var seen: [String: Int64] = [:]
        var task: Task<Void, Never>?
    }

    private let state = LockedBox(State())

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

    /// Listens on `connection` until it ends, in place of any connection listened on before.
    func listen(on connection: PostgresConnection) {
        let task = Task {
            do {
                try await connection.listen(on: PostgresStoreSchema.channel) { notifications in
                    state.withLock {
                        $0.listening = true
                        $0.epoch &+= 1
                    }
                    for try await notification in notifications {
                        let parts = notification.payload.split(separator: " ", maxSplits: 1)
                        if parts.count == 2, let revision = Int64(parts[0]) { note(revision, for: String(parts[1])) }
                    }
                }
            } catch {}
            state.withLock { $0.listening = false }
        }
        state.withLock { state in
            state.task?.cancel()
            state.task = task
        }
    }

    /// Stops listening.
    func cancel() {
        let task = state.withLock { state in
            defer {
                state.task = nil
                state.listening = false
            }
            return state.task
        }
        task?.cancel()
    }
}
#endif
