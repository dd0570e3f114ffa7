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
    /// Holds the lock named `name` until released, waiting at most `timeout`, for the first
    /// sign-in to a resource: sessions in every process that shares the store take it to
    /// register and sign in, so one of them shows the browser or the device code and the others
    /// find its sign-in. A cancelled task stops waiting. `nil`, the default, for a store one
    /// process has to itself; ``FileTokenStore`` (a lock file in the store's folder) and the
    /// PostgreSQL store (a row lock) take one.
    func holdFirstSignInLock(named name: String, timeout: Duration) async throws -> TokenStoreLock?
    /// This store as one that keeps a sign-in per account, where it is one (an
    /// ``AccountTokenStore``, which is this store itself by default); `nil` for a store of one
    /// sign-in. A resource session keeps each server's sign-in under an account of its own there.
    var accountStore: (any AccountTokenStore)? { get }
    /// Where this store keeps client registrations, where it does (a ``ClientRegistrationStore``,
    /// which is this store itself by default); `nil` for a store that keeps none, and then a
    /// dynamic registration lives as long as the session that made it.
    var registrationStore: (any ClientRegistrationStore)? { get }
}

extension TokenStore {
    /// No lock: the store is this session's alone.
    public func lockForUpdate() async throws -> TokenStoreLock? { nil }

    /// No revision: only this session writes the store.
    public func revision() -> UInt64? { nil }

    /// No first-sign-in lock: one process has the store to itself.
    public func holdFirstSignInLock(named name: String, timeout: Duration) async throws -> TokenStoreLock? { nil }

    /// None: one sign-in.
    public var accountStore: (any AccountTokenStore)? { nil }

    /// None: registrations are not kept.
    public var registrationStore: (any ClientRegistrationStore)? { nil }
}

extension TokenStore where Self: AccountTokenStore {
    /// The store itself.
    public var accountStore: (any AccountTokenStore)? { self }
}

extension TokenStore where Self: ClientRegistrationStore {
    /// The store itself.
    public var registrationStore: (any ClientRegistrationStore)? { self }
}
