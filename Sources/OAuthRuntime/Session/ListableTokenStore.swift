/// An account store that says which sign-ins it keeps. What lists and prunes a store goes through
/// it — `oauthgen-login --list` and `--forget`, a resource session's `removeServer()` — whatever
/// the store is: a folder, the Keychain, a database, or one written outside this package (issue
/// 53: the PostgreSQL store had `accounts()`, and nothing that lists could see it).
public protocol ListableTokenStore: AccountTokenStore {
    /// Every account with a sign-in in the store.
    func accounts() async throws -> [String]
}

/// A registration store that says which registrations it keeps.
public protocol ListableRegistrationStore: ClientRegistrationStore {
    /// The key of every registration the store keeps.
    func registrationKeys() async throws -> [String]
}

extension FileTokenStore: ListableTokenStore, ListableRegistrationStore {}

extension MemoryTokenStore: ListableTokenStore {}

#if canImport(Security)
extension KeychainTokenStore: ListableTokenStore {}
#endif
