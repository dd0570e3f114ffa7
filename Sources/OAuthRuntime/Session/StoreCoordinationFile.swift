import Foundation
internal import OAuthLocking

/// A small file beside a store that is not itself a file — the Keychain — through which the
/// processes sharing it coordinate: its lock serializes refreshes, and every write bumps the
/// version beside it (`<path>.version`), so a session sees at its next access, for the cost of
/// one `pread`, that another process changed the sign-in. For an app and its
/// extensions it lives in the app group's container, which all of them can open.
struct StoreCoordinationFile: Sendable {
    let path: String
    private let counter: Counter

    init(path: String) {
        self.path = path
        self.counter = Counter(path: path + ".version")
    }

    func lock() async throws -> TokenStoreLock {
        try await TokenStoreLock.file(at: path)
    }

    /// The version count; `nil` when the version file cannot be opened, is not to be trusted, or
    /// holds no count.
    func revision() -> UInt64? {
        counter.opened?.value
    }

    /// Records that the sign-in changed; called holding the lock.
    func markChanged() {
        counter.opened?.bump()
    }

    /// The version file, opened when the store is made if its directory exists (then reading it
    /// takes no lock), else on a later call, once it can be.
    private struct Counter: Sendable {
        private let path: String
        private let early: StoreVersionCounter?
        private let late = LockedBox<StoreVersionCounter?>(nil)

        init(path: String) {
            self.path = path
            let directory = (path as NSString).deletingLastPathComponent
            early =
                directory.isEmpty || FileManager.default.fileExists(atPath: directory)
                ? StoreVersionCounter(path: path) : nil
        }

        var opened: StoreVersionCounter? {
            if let early { return early }
            return late.withLock { late in
                if late == nil { late = StoreVersionCounter(path: path) }
                return late
            }
        }
    }
}
