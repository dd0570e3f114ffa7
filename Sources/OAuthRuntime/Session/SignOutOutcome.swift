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
