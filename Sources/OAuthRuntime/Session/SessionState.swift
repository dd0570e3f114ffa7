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

/// Why a session has no sign-in.
public enum SignOutReason: Sendable, Hashable, CustomStringConvertible {
    /// Nothing was stored: the app has not signed in yet.
    case neverSignedIn
    /// The app called `signOut()`.
    case signedOut
    /// The grant ended: the provider refused the refresh token (`invalid_grant`: revoked,
    /// expired, or reused), or answered a refresh with an ID token the session cannot accept
    /// (another issuer, subject or client), whose tokens the session revoked.
    case grantRevoked
    /// Another process sharing the store signed out or removed the sign-in.
    case signedOutElsewhere

    /// The reason in words.
    public var description: String {
        switch self {
        case .neverSignedIn: "not signed in yet"
        case .signedOut: "signed out by the app"
        case .grantRevoked: "the grant ended: the provider refused the refresh token (invalid_grant), or a refresh answered for another user"
        case .signedOutElsewhere: "signed out by another process sharing the stored sign-in"
        }
    }
}

/// What a sign-out did at the provider; the session is signed out in every case.
public enum SignOutOutcome: Sendable, Hashable {
    /// The provider revoked the grant (RFC 7009): its tokens are dead everywhere.
    case revoked
    /// The provider has no revocation endpoint (in its metadata or quirk file): its tokens stay
    /// valid there until they expire. `oauthgen doctor` says so for such a provider.
    case notRevocable
    /// There was no sign-in to end.
    case wasNotSignedIn
}
