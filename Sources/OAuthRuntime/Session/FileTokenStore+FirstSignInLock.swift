extension FileTokenStore {
    /// The lock file in `locks/` (or beside the file) named for `name`: every process on the
    /// folder takes the same one.
    public func holdFirstSignInLock(named name: String, timeout: Duration) async throws -> TokenStoreLock? {
        try await TokenStoreLock.file(at: signInLockPath(for: name), timeout: timeout)
    }
}
