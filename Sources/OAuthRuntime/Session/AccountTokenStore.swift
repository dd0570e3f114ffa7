/// A store that keeps several sign-ins side by side, one per account: ``FileTokenStore``,
/// `KeychainTokenStore` and ``MemoryTokenStore``.
///
/// A `ProtectedResourceSession` keeps each sign-in under an account of its own, named by the
/// authorization server, the client and the resource, so one store file or Keychain service holds
/// every MCP server's and API's sign-in without one being sent to another.
public protocol AccountTokenStore: TokenStore {
    /// The account whose sign-in this store keeps.
    var account: String { get }
    /// The same store for another account.
    func forAccount(_ account: String) -> Self
}
