/// A store that keeps several sign-ins side by side, one per account: ``FileTokenStore``,
/// `KeychainTokenStore` and ``MemoryTokenStore``.
///
/// A ``ProtectedResourceSession`` keeps each sign-in under an account of its own, named by the
/// authorization server, the client and the resource, so one store file or Keychain service holds
/// every MCP server's and API's sign-in without one being sent to another.
public protocol AccountTokenStore: TokenStore {
    /// The account whose sign-in this store keeps.
    var account: String { get }
    /// The same store for another account.
    func forAccount(_ account: String) -> Self
}

/// Where a ``ProtectedResourceSession`` keeps its client registrations, apart from the sign-ins:
/// a registration outlives a sign-in that failed or was signed out, so the next one reuses it
/// instead of registering another client. ``FileTokenStore``, `KeychainTokenStore` and
/// ``MemoryTokenStore`` are such stores; with any other, a dynamic registration lives as long as
/// the session that made it.
///
/// A registration holds its registration access token (RFC 7592), a secret like a refresh token.
public protocol ClientRegistrationStore: Sendable {
    /// The registration kept under `key`; `nil` when there is none.
    func loadRegistration(key: String) async throws -> ClientRegistrationRecord?
    /// Keeps `registration` under `key`, replacing what was there, atomically.
    func saveRegistration(_ registration: ClientRegistrationRecord, key: String) async throws
    /// Forgets the registration under `key`.
    func removeRegistration(key: String) async throws
}
