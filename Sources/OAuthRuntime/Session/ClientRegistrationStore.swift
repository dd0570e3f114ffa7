/// Where a `ProtectedResourceSession` keeps its client registrations, apart from the sign-ins:
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
    /// The key of every registration the store keeps, for listing and pruning.
    func registrationKeys() async throws -> [String]
}
