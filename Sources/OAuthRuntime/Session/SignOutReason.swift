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
        case .grantRevoked:
            "the grant ended: the provider refused the refresh token (invalid_grant), or a refresh answered for another user"
        case .signedOutElsewhere: "signed out by another process sharing the stored sign-in"
        }
    }
}
