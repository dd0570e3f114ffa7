import Foundation

/// A signed-in user's tokens, kept fresh.
///
/// However many tasks call `validAccessToken()` when the access token expires, one refresh
/// request is made and all of them get its result: providers that rotate refresh tokens reject
/// the second use of the old one, which would sign the user out. The rotated refresh token is
/// stored before any caller sees the new access token.
///
/// A sign-out or a new sign-in ends the refresh under way for the old state: its result, when it
/// arrives, is never stored, and the refresh token it carries is revoked. Every read and write of
/// the store is serialized, so a slow store can never put back tokens that a later operation
/// replaced.
///
/// Typed by its provider: `OAuthSession<Google>` holds `SignIn<Google>` and reads
/// `Google.UserInfo`.
public actor OAuthSession<Provider: OAuthProvider> {
    /// The client that refreshes and revokes.
    public nonisolated let client: OAuthClient<Provider>
    private let store: any TokenStore
    private let refreshLeeway: TimeInterval
    private let now: @Sendable () -> Date
    private var current: SignIn<Provider>?
    private var loaded = false
    /// Bumped by every sign-in and sign-out: a refresh started under another generation is stale.
    private var generation = 0
    private var refreshing: Task<SignIn<Provider>, any Error>?
    /// Store operations run one at a time, in the order they asked (see `withStoreLock`).
    private var storeBusy = false
    private var storeWaiters: [CheckedContinuation<Void, Never>] = []
    /// Refresh requests made by this session (diagnostics and tests).
    public private(set) var refreshCount = 0

    /// - Parameters:
    ///   - client: the client that refreshes and revokes.
    ///   - store: where the sign-in is kept between launches; a stored sign-in that is not one
    ///     of this provider's (no ID token for an OpenID provider) reads as signed out.
    ///   - refreshLeeway: refresh this many seconds before the access token expires.
    ///   - now: the clock, for tests.
    public init(client: OAuthClient<Provider>, store: any TokenStore = MemoryTokenStore(), refreshLeeway: TimeInterval = 60,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        self.store = store
        self.refreshLeeway = refreshLeeway
        self.now = now
    }

    /// Stores a completed sign-in, replacing whatever the session held; a refresh under way for
    /// the previous account is abandoned.
    public func signedIn(_ signIn: SignIn<Provider>) async throws(OAuthError) {
        startNewGeneration()
        try await withStoreLock { () async throws(OAuthError) in
            do {
                try await store.save(signIn.record)
            } catch {
                throw OAuthError.storageFailed("saving the sign-in", error)
            }
            current = signIn
            loaded = true
        }
    }

    /// Signs in through `agent` and keeps the result: ``OAuthClient/signIn(with:redirectURI:scopes:parameters:)``
    /// followed by ``signedIn(_:)``.
    @discardableResult
    public func signIn(
        with agent: some ExternalUserAgent,
        redirectURI: Provider.RedirectURI? = nil,
        scopes: [Provider.Scope]? = nil,
        parameters: AuthorizationParameters<Provider> = .init()
    ) async throws(OAuthError) -> SignIn<Provider> {
        let signIn = try await client.signIn(with: agent, redirectURI: redirectURI, scopes: scopes, parameters: parameters)
        try await signedIn(signIn)
        return signIn
    }

    /// The stored sign-in, if any.
    ///
    /// Throws ``OAuthError/Kind/storageUnavailable`` while the store cannot be read (the Keychain
    /// before first unlock) and ``OAuthError/Kind/storageFailed`` if it fails otherwise; neither
    /// is remembered, so the next call reads the store again.
    public func currentSignIn() async throws(OAuthError) -> SignIn<Provider>? {
        if loaded { return current }
        return try await withStoreLock { () async throws(OAuthError) -> SignIn<Provider>? in
            // A sign-in or sign-out may have run while this waited for the lock.
            if !loaded {
                current = try await loadStored()
                loaded = true
            }
            return current
        }
    }

    /// The store's sign-in; call it holding the store lock. A store that cannot answer now is
    /// not an answer of "signed out".
    private func loadStored() async throws(OAuthError) -> SignIn<Provider>? {
        do {
            return try await store.load().flatMap(SignIn<Provider>.init(record:))
        } catch {
            throw OAuthError.storageFailed("reading the sign-in", error)
        }
    }

    /// An access token that is not about to expire, refreshing it first if needed.
    public func validAccessToken() async throws(OAuthError) -> String {
        guard let signIn = try await currentSignIn() else { throw OAuthError.notSignedIn }
        if !signIn.tokens.isExpired(at: now(), leeway: refreshLeeway) { return signIn.tokens.accessToken }
        return try await refreshed().tokens.accessToken
    }

    /// Refreshes now (or joins the refresh under way) and returns the new sign-in.
    public func refreshed() async throws(OAuthError) -> SignIn<Provider> {
        let task: Task<SignIn<Provider>, any Error>
        if let refreshing {
            task = refreshing
        } else {
            guard let signIn = try await currentSignIn() else { throw OAuthError.notSignedIn }
            // Another caller may have started one while this one read the store.
            if let refreshing {
                task = refreshing
            } else {
                refreshCount += 1
                let started = generation
                task = Task { [client, now] in
                    let renewed: SignIn<Provider>
                    do throws(OAuthError) {
                        renewed = try await client.refresh(signIn, now: now())
                    } catch {
                        throw await self.refreshFailed(error, startedIn: started)
                    }
                    return try await self.commit(renewed, startedIn: started)
                }
                refreshing = task
            }
        }
        do {
            return try await task.value
        } catch let error as OAuthError {
            throw error
        } catch {
            // The refresh task throws only OAuthError; a caller's cancellation ends its own wait.
            throw OAuthError.taskCancelled
        }
    }

    /// Stores a refresh's result if the session is still in the generation it started in;
    /// otherwise revokes the refresh token it brought and stores nothing.
    private func commit(_ renewed: SignIn<Provider>, startedIn started: Int) async throws(OAuthError) -> SignIn<Provider> {
        defer { if generation == started { refreshing = nil } }
        let outcome: Result<SignIn<Provider>, OAuthError> = await withStoreLock {
            guard generation == started else { return .failure(.sessionChanged) }
            do {
                try await store.save(renewed.record)
            } catch {
                return .failure(OAuthError.storageFailed("saving the refreshed tokens", error))
            }
            current = renewed
            return .success(renewed)
        }
        if case .failure(let error) = outcome, error.kind == .sessionChanged, let token = renewed.tokens.refreshToken,
           client.configuration.endpoints.revocation != nil {
            // Nobody will ever use it; leaving it valid would leave a live grant behind.
            try? await client.revokeIfPossible(token, hint: .refreshToken)
        }
        return try outcome.get()
    }

    /// Called by a failed refresh: `invalid_grant` means the grant is gone, so is the session.
    private func refreshFailed(_ error: OAuthError, startedIn started: Int) async -> OAuthError {
        guard generation == started else { return .sessionChanged }
        refreshing = nil
        guard error.kind == .requestRejected, error.protocolError?.code == "invalid_grant" else { return error }
        startNewGeneration()
        await withStoreLock { await forgetStoredSignIn() }
        return .signedOut
    }

    /// Revokes the refresh token (or the access token, if there is none) and forgets the tokens.
    /// The tokens are forgotten even if revocation fails; the error is returned for the caller to show.
    /// A refresh under way is abandoned: its result is revoked when it arrives.
    ///
    /// A store that cannot be cleared now (the Keychain before first unlock) is reported as
    /// ``OAuthError/Kind/storageUnavailable``: this session is signed out, but the stored sign-in
    /// is still there for the next launch until a sign-out succeeds.
    @discardableResult
    public func signOut() async -> OAuthError? {
        startNewGeneration()
        // Read under the lock: a refresh that stored its result first has its rotated token revoked here.
        let (signIn, cleared): (SignIn<Provider>?, OAuthError?) = await withStoreLock {
            // Unreadable now: nothing to revoke that can be known, but the sign-out still forgets.
            let signIn = loaded ? current : (try? await loadStored()) ?? nil
            return (signIn, await forgetStoredSignIn())
        }
        guard let signIn, client.configuration.endpoints.revocation != nil else { return cleared }
        do {
            if let refreshToken = signIn.tokens.refreshToken {
                try await client.revokeIfPossible(refreshToken, hint: .refreshToken)
            } else {
                try await client.revokeIfPossible(signIn.tokens.accessToken, hint: .accessToken)
            }
            return cleared
        } catch {
            return error
        }
    }

    /// Signed out, in the store and here; call it holding the store lock. Returns why the store
    /// could not be cleared, if it could not.
    @discardableResult
    private func forgetStoredSignIn() async -> OAuthError? {
        current = nil
        loaded = true
        do {
            try await store.clear()
            return nil
        } catch {
            return OAuthError.storageFailed("removing the sign-in", error)
        }
    }

    private func startNewGeneration() {
        generation += 1
        refreshing = nil
    }

    /// Runs `body` with the store to itself. An actor alone does not give that: it is reentrant
    /// at every `await`, so a slow `load()` could finish after a `save()` that started later and
    /// put the old tokens back.
    private func withStoreLock<T, E: Error>(_ body: () async throws(E) -> T) async throws(E) -> T {
        if storeBusy {
            await withCheckedContinuation { storeWaiters.append($0) }
        } else {
            storeBusy = true
        }
        defer {
            // Hand the lock straight to the next waiter, so nobody can overtake it.
            if storeWaiters.isEmpty { storeBusy = false } else { storeWaiters.removeFirst().resume() }
        }
        return try await body()
    }
}

extension OAuthSession {
    /// ``validAccessToken()``'s counterpart for DPoP-bound tokens: the headers for one request to
    /// a resource server, refreshed first if needed (`Authorization: DPoP …` and a fresh proof;
    /// `Authorization: Bearer …` when the tokens are not bound).
    public func validAuthorizationHeaders(method: String, url: URL) async throws(OAuthError) -> AuthorizationHeaders {
        _ = try await validAccessToken()
        guard let signIn = try await currentSignIn() else { throw OAuthError.notSignedIn }
        return try await client.authorizationHeaders(for: signIn, method: method, url: url)
    }
}

extension OAuthSession where Provider: SupportsUserInfo {
    /// The signed-in user's userinfo, with a valid access token (refreshed first if needed).
    public func userInfo() async throws(OAuthError) -> Provider.UserInfo {
        _ = try await validAccessToken()
        guard let signIn = try await currentSignIn() else { throw OAuthError.notSignedIn }
        return try await client.userInfo(signIn)
    }
}
