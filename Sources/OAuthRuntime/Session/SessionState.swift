/// Where a session stands, as ``OAuthSession/states()`` publishes it: each change once, in order,
/// with why a sign-in ended.
public enum SessionState<Provider: OAuthProvider>: Sendable, Hashable {
    /// Signed in. `refreshed` is `true` when the change was a refresh (here or, seen at the next
    /// access, by another process sharing the store) rather than a new sign-in or a launch.
    case signedIn(SignIn<Provider>, refreshed: Bool)
    /// Signed out, and why.
    case signedOut(SignOutReason)

    /// The sign-in, when signed in.
    public var signIn: SignIn<Provider>? {
        if case .signedIn(let signIn, _) = self { return signIn }
        return nil
    }
}
