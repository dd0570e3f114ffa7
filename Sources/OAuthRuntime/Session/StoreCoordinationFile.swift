import Foundation

/// A small file beside a store that is not itself a file — the Keychain — through which the
/// processes sharing it coordinate: its lock serializes refreshes, and every write bumps the
/// version beside it (`<path>.version`, mapped into memory), so a session sees at its next access,
/// for the cost of a memory load, that another process changed the sign-in. For an app and its
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

    /// The version count; `nil` when the version file cannot be mapped.
    func revision() -> String? {
        counter.mapped.map { String($0.value) }
    }

    /// Records that the sign-in changed; called holding the lock.
    func markChanged() {
        counter.mapped?.bump()
    }

    /// Maps the version file on first use, and again until it can be made: a store whose
    /// directory does not exist yet gets it at the next call after its first save.
    ///
    /// `@unchecked Sendable`: `state` is only read and written while holding `lock`.
    private final class Counter: @unchecked Sendable {
        private let path: String
        private let lock = NSLock()
        private var state: StoreVersionCounter?

        init(path: String) { self.path = path }

        var mapped: StoreVersionCounter? {
            lock.withLock {
                if state == nil { state = StoreVersionCounter(path: path) }
                return state
            }
        }
    }
}
