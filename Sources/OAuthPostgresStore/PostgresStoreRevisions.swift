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
///
/// A notification is a hint, not a fact: any role that can connect may `NOTIFY` on the channel,
/// so the revision it names is never taken (issue 53, H6: a forged `9223372036854775807 account`
/// pinned the largest-seen revision, and replicas missed every later refresh and sign-out).
/// Each notification for an account changes the answer, whatever it says, and the session reads
/// the row, whose revision the database assigned; a forged one costs one read. A notification of
/// this process's own write, known by the revision the write returned, changes nothing.
final class PostgresStoreRevisions: Sendable {
    private struct State {
        var listening = false
        /// Bumped each time listening starts: whatever was missed before, every session reads again.
        var epoch: UInt64 = 0
        /// Counts the answers given while nothing listens, each one new.
        var unheard: UInt64 = 0
        /// How many changes were heard of or made, by account.
        var changes: [String: UInt64] = [:]
        /// The revision this process's last write of each account was given.
        var written: [String: Int64] = [:]
        /// The highest revision of each account's row this process opened or wrote.
        var highest: [String: Int64] = [:]
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
            return state.epoch << 40 | (state.changes[account] ?? 0) & (1 << 40 - 1)
        }
    }

    /// Records this process's write of `account`, given `revision`, before its notification
    /// arrives: the answer changes now, and not again when the notification comes.
    func noteWrite(_ revision: Int64, for account: String) {
        state.withLock { state in
            state.changes[account, default: 0] &+= 1
            state.written[account] = revision
            state.highest[account] = max(state.highest[account] ?? revision, revision)
        }
    }

    /// The highest revision this process has opened or written for `account`, when a row at
    /// `revision` (or, `legacy`, one sealed before rows carried their revision) is older: an
    /// earlier row was put back (issue 53, H8). `nil` when the row may be opened.
    func wentBack(_ revision: Int64, legacy: Bool, of account: String) -> Int64? {
        state.withLock { state in
            guard let highest = state.highest[account] else { return nil }
            return legacy || revision < highest ? highest : nil
        }
    }

    /// Records that a row of `account` at `revision` was opened.
    func opened(_ revision: Int64, of account: String) {
        state.withLock { $0.highest[account] = max($0.highest[account] ?? revision, revision) }
    }

    /// Records a notification: a change of `account` unless it names this process's own write.
    func heard(_ payload: String) {
        let parts = payload.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return }
        let account = String(parts[1])
        state.withLock { state in
            if let revision = Int64(parts[0]), state.written[account] == revision { return }
            state.changes[account, default: 0] &+= 1
        }
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
                    for try await notification in notifications { heard(notification.payload) }
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
