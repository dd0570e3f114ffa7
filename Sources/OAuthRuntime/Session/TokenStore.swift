/// Where a session keeps its tokens between launches.
public protocol TokenStore: Sendable {
    /// The stored sign-in; `nil` when there is none, or what is stored is not a sign-in.
    ///
    /// Throw ``TokenStoreUnavailableError`` when the store cannot be read *now* but may hold one
    /// (the Keychain before first unlock): the session then stays as it is and reads again at the
    /// next call. Any other error is reported as ``OAuthError/Kind/storageFailed``, also without
    /// signing out.
    func load() async throws -> SignInRecord?
    /// Replaces the stored sign-in, atomically.
    func save(_ signIn: SignInRecord) async throws
    /// Removes the stored sign-in.
    func clear() async throws
    /// Holds off every other session on this stored sign-in until the lock is released, for a
    /// store that several sessions or processes share (``FileTokenStore``; `KeychainTokenStore`
    /// with a lock file in the app group's container). `nil`, the default, for a store only one
    /// session reads: the session's own single-flight refresh is enough there.
    func lockForUpdate() async throws -> TokenStoreLock?
    /// A value that changes whenever another writer changes the stored sign-in, cheap enough to
    /// ask at every access (``FileTokenStore``: a count in a file mapped into memory, which every
    /// write bumps), so a session sees another process's refresh or sign-out at its next call.
    /// `nil`, the default, for a store only one session writes.
    func revision() -> UInt64?
}

extension TokenStore {
    /// No lock: the store is this session's alone.
    public func lockForUpdate() async throws -> TokenStoreLock? { nil }

    /// No revision: only this session writes the store.
    public func revision() -> UInt64? { nil }
}
