/// A store whose sessions, in every process that shares it, take one lock to register and sign
/// in for the first time at a resource, so that one of them shows the browser or the device code
/// and the others find its sign-in: ``FileTokenStore`` (a lock file in the store's folder) and
/// the PostgreSQL store (an advisory lock).
package protocol FirstSignInLocking: Sendable {
    /// Holds the lock named `name` until released, waiting at most `timeout`; a cancelled task
    /// stops waiting.
    func holdFirstSignInLock(named name: String, timeout: Duration) async throws -> TokenStoreLock
}

extension FileTokenStore: FirstSignInLocking {
    /// The lock file in `locks/` (or beside the file) named for `name`.
    package func holdFirstSignInLock(named name: String, timeout: Duration) async throws -> TokenStoreLock {
        try await TokenStoreLock.file(at: signInLockPath(for: name), timeout: timeout)
    }
}
