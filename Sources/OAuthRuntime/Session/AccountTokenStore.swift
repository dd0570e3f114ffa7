/// A store that keeps several sign-ins side by side, one per account, and says which it keeps:
/// ``FileTokenStore``, `KeychainTokenStore`, ``MemoryTokenStore`` and the PostgreSQL store.
///
/// A `ProtectedResourceSession` keeps each sign-in under an account of its own, named by the
/// authorization server, the client and the resource, so one store file or Keychain service holds
/// every MCP server's and API's sign-in without one being sent to another.
public protocol AccountTokenStore: TokenStore {
    /// The account whose sign-in this store keeps.
    var account: String { get }
    /// The same store for another account.
    func forAccount(_ account: String) -> Self
    /// Every account with a sign-in in the store. What lists and prunes a store goes through it
    /// (`oauthgen-login --list` and `--forget`, a resource session's `removeServer()`), whatever
    /// the store is: a folder, the Keychain, a database, or one written outside this package.
    func accounts() async throws -> [String]
}
