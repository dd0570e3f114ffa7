/// Where a family of apps keeps its ``FamilySignIn``, one per issuer: somewhere every app of the
/// family reads and nothing else does. On Apple platforms the Keychain under the family's access
/// group (`KeychainFamilySignInStore`); elsewhere a folder the family's processes share
/// (``FamilySignInFolder``).
public protocol FamilySignInStore: Sendable {
    /// The family's sign-in at `issuer`, if an app kept one.
    func load(issuer: String) async throws -> FamilySignIn?
    /// Keeps `signIn`, replacing the one for its issuer.
    func save(_ signIn: FamilySignIn) async throws
    /// Removes the sign-in at `issuer`: the family is signed out there.
    func remove(issuer: String) async throws
}
