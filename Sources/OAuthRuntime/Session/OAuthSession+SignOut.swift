import Foundation

// Signing out: forget here first, then revoke at the provider; a refresh under way belongs to the
// old generation and is revoked when it lands.
extension OAuthSession {
    /// Forgets the sign-in and revokes its refresh token (or its access token, if there is none)
    /// at the provider (RFC 7009). A refresh under way is abandoned: its result is revoked when it
    /// arrives.
    ///
    /// The session is signed out whatever happens; what it says is what happened at the provider,
    /// and it throws for what did not happen: the revocation failed (the network, the provider
    /// refused), or the store could not be cleared now (``OAuthError/Kind/storageUnavailable``
    /// before first unlock: the stored sign-in is still there for the next launch until a
    /// sign-out succeeds).
    ///
    /// - Returns: ``SignOutOutcome/notRevocable`` for a provider without a revocation endpoint,
    ///   whose tokens stay valid there until they expire.
    @discardableResult
    public func signOut() async throws(OAuthError) -> SignOutOutcome {
        startNewGeneration()
        // Another process's refresh finishes (and stores its tokens) before this reads and clears.
        // A lock that cannot be had (a folder gone read-only, a holder past the deadline, a
        // cancelled wait) does not keep the user signed in: the sign-out goes on without it.
        let lock = try? await lockStore()
        defer { lock?.release() }
        // Read under the lock: a refresh that stored its result first has its rotated token revoked here.
        let (signIn, cleared): (SignIn<Provider>?, OAuthError?) = await withStoreLock {
            // Unreadable now: nothing to revoke that can be known, but the sign-out still forgets.
            let signIn = loaded ? current : (try? await loadStored()) ?? nil
            // Another client's sign-in, or one of a newer format (whose, this version cannot
            // tell), is not this session's to clear.
            let keepsStore: Bool
            do {
                keepsStore = try await store.load().map { foreignOwner(of: $0) != nil } ?? false
            } catch is StoredSignInFormatError {
                keepsStore = true
            } catch {
                keepsStore = false
            }
            return (signIn, await forgetStoredSignIn(clearingStore: !keepsStore))
        }
        publish(.signedOut(.signedOut))
        guard let signIn else {
            if let cleared { throw cleared }
            return .wasNotSignedIn
        }
        guard client.configuration.endpoints.revocation != nil else {
            if let cleared { throw cleared }
            return .notRevocable
        }
        let revoked: OAuthError?
        do throws(OAuthError) {
            if let refreshToken = signIn.tokens.refreshToken {
                try await client.sendRevocation(refreshToken, hint: .refreshToken)
            } else {
                try await client.sendRevocation(signIn.tokens.accessToken, hint: .accessToken)
            }
            revoked = nil
        } catch {
            revoked = error
        }
        // The stored sign-in outliving the sign-out matters most: it is back at the next launch.
        if let cleared { throw cleared }
        if let revoked { throw revoked }
        return .revoked
    }

    /// Signed out, in the store and here; call it holding the store lock. Returns why the store
    /// could not be cleared, if it could not.
    @discardableResult
    func forgetStoredSignIn(clearingStore: Bool = true) async -> OAuthError? {
        current = nil
        loaded = true
        guard clearingStore else { return nil }
        do {
            try await store.clear()
            storeRevision = store.revision()
            return nil
        } catch {
            return OAuthError.storageFailed("removing the sign-in", error)
        }
    }

    func startNewGeneration() {
        generation += 1
        refreshing = nil
    }
}
