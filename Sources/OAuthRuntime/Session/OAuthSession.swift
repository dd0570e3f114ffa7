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
    /// Whose sign-ins this session keeps: a stored record of another's is neither used nor cleared.
    nonisolated let owner: SignInOwner
    /// Where this session's access token may go, when the app said (`nil`: any https origin).
    public nonisolated let allowedResourceOrigins: Set<URLOrigin>?
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
    /// The store's revision when this session last read or wrote it (shared stores only).
    private var storeRevision: UInt64?
    /// The access token the last refresh asked for by a resource server's `invalid_token` gave:
    /// refused again by a server, it is refused for the server's own reasons, not refreshed again.
    var tokenRenewedForRejection: String?
    /// Subscribers of ``states()``, and what they were last told.
    private var observers: [Int: AsyncStream<SessionState<Provider>>.Continuation] = [:]
    private var nextObserver = 0
    private var published: SessionState<Provider>?

    /// - Parameters:
    ///   - client: the client that refreshes and revokes.
    ///   - store: where the sign-in is kept between launches; a stored sign-in that is not one
    ///     of this provider's (no ID token for an OpenID provider) reads as signed out.
    ///   - refreshLeeway: refresh this many seconds before the access token expires (at most a
    ///     third of a short-lived token's lifetime, see ``TokenSet/isExpired(at:leeway:)``).
    ///   - allowedResourceOrigins: the API servers this session's token may go to
    ///     (``authorize(_:)``, ``data(for:)``, ``validAuthorizationHeaders(method:url:)``); a
    ///     request anywhere else throws ``OAuthError/Kind/resourceNotAllowed`` before the token is
    ///     added, so a URL taken from an API response (a pagination link, a redirect target the
    ///     app follows) cannot carry it elsewhere. Each URL stands for its origin: scheme, host
    ///     and port. `nil`, the default, allows any https origin.
    ///   - now: the clock, for tests.
    public init(client: OAuthClient<Provider>, store: any TokenStore = MemoryTokenStore(), refreshLeeway: TimeInterval = 60,
                allowedResourceOrigins: [URL]? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        self.owner = SignInOwner(issuer: client.configuration.issuer, clientID: client.clientID,
                                 tokenEndpoint: URLOrigin(client.configuration.endpoints.token)?.description ?? client.configuration.endpoints.token.absoluteString)
        self.store = store
        self.refreshLeeway = refreshLeeway
        self.allowedResourceOrigins = allowedResourceOrigins.map { Set($0.compactMap(URLOrigin.init)) }
        self.now = now
    }

    /// Stores a completed sign-in, replacing whatever the session held; a refresh under way for
    /// the previous account is abandoned.
    public func signedIn(_ signIn: SignIn<Provider>) async throws(OAuthError) {
        startNewGeneration()
        let lock = try await lockStore()
        defer { lock?.release() }
        try await withStoreLock { () async throws(OAuthError) in
            // Another client's sign-in is not this session's to replace (its tokens would be
            // lost, still live at their provider).
            if let existing = try? await store.load(), let other = foreignOwner(of: existing) {
                throw OAuthError.storedSignInMismatch(expected: owner, found: other)
            }
            do {
                try await store.save(record(of: signIn))
            } catch {
                throw OAuthError.storageFailed("saving the sign-in", error)
            }
            current = signIn
            loaded = true
            storeRevision = store.revision()
        }
        publish(.signedIn(signIn, refreshed: false))
    }

    /// The store's cross-process lock, for a store that has one.
    private func lockStore() async throws(OAuthError) -> TokenStoreLock? {
        do {
            return try await store.lockForUpdate()
        } catch is CancellationError {
            throw OAuthError.taskCancelled
        } catch let error as TokenStoreLockError {
            if case .timedOut = error { throw OAuthError(.storageUnavailable, error.description, underlyingError: error) }
            throw OAuthError.storageFailed("locking the stored sign-in", error)
        } catch {
            throw OAuthError.storageFailed("locking the stored sign-in", error)
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
        // A store another process writes says when it changed: read it again then.
        if loaded, store.revision() == storeRevision { return current }
        return try await withStoreLock { () async throws(OAuthError) -> SignIn<Provider>? in
            // A sign-in or sign-out may have run while this waited for the lock.
            if !loaded || store.revision() != storeRevision {
                let wasLoaded = loaded
                let previous = current
                let revision = store.revision()
                current = try await loadStored()
                loaded = true
                storeRevision = revision
                if !wasLoaded || previous.map({ current?.holdsSameTokens(as: $0) != true }) ?? (current != nil) {
                    publishLoaded(previous: wasLoaded ? previous : nil, reloaded: wasLoaded)
                }
            }
            return current
        }
    }

    /// What a read of the store found, as a state: at launch, or after another process changed it.
    private func publishLoaded(previous: SignIn<Provider>?, reloaded: Bool) {
        if let current {
            // The same user with other tokens: another process refreshed.
            let refreshed = reloaded && previous != nil && previous?.idToken?.subject == current.idToken?.subject
            publish(.signedIn(current, refreshed: refreshed))
        } else {
            publish(.signedOut(reloaded && previous != nil ? .signedOutElsewhere : .neverSignedIn))
        }
    }

    /// The sign-in and each change to it — a sign-in, a refresh (here or by another process
    /// sharing the store, seen at this session's next access), a sign-out with its reason — from
    /// now on, starting with where the session stands. Each change is published once, when it
    /// happens: a `validAccessToken()` that changes nothing publishes nothing.
    ///
    /// ```swift
    /// for await state in await session.states() {
    ///     if case .signedOut(.grantRevoked) = state { showSignIn() }
    /// }
    /// ```
    public func states() -> AsyncStream<SessionState<Provider>> {
        let (stream, continuation) = AsyncStream.makeStream(of: SessionState<Provider>.self, bufferingPolicy: .bufferingNewest(16))
        let id = nextObserver
        nextObserver += 1
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            guard let session = self else { return }
            Task { await session.removeObserver(id) }
        }
        if let published {
            continuation.yield(published)
        } else {
            // Not read yet: the first read publishes where the session stands.
            Task { _ = try? await self.currentSignIn() }
        }
        return stream
    }

    private func removeObserver(_ id: Int) {
        observers[id] = nil
    }

    /// Tells every subscriber, once per change.
    private func publish(_ state: SessionState<Provider>) {
        guard state != published else { return }
        published = state
        for observer in observers.values { observer.yield(state) }
    }

    /// The store's sign-in; call it holding the store lock. A store that cannot answer now is
    /// not an answer of "signed out", and neither is a record this session cannot use.
    ///
    /// - Throws: ``OAuthError/Kind/storedSignInMismatch`` for another client's sign-in,
    ///   ``OAuthError/Kind/storedSignInIncompatible`` for one of a newer format or whose claims
    ///   no longer decode: in each case the record stays as it is.
    private func loadStored() async throws(OAuthError) -> SignIn<Provider>? {
        let record: SignInRecord?
        do {
            record = try await store.load()
        } catch let error as StoredSignInFormatError {
            throw OAuthError(.storedSignInIncompatible, error.description, underlyingError: error)
        } catch {
            throw OAuthError.storageFailed("reading the sign-in", error)
        }
        guard let record else { return nil }
        if let other = foreignOwner(of: record) { throw OAuthError.storedSignInMismatch(expected: owner, found: other) }
        // Claims that no longer decode throw `storedSignInIncompatible`: the tokens stay stored.
        return try SignIn<Provider>(record: record)
    }

    /// Whose sign-in `record` is when it is not this session's; `nil` when it is (or, for a
    /// format-1 record without an ID token, when nothing says otherwise).
    private func foreignOwner(of record: SignInRecord) -> String? {
        if let recorded = record.owner { return recorded == owner ? nil : recorded.description }
        // Format 1: only the ID token says whose it was.
        guard let idToken = record.idToken else { return nil }
        let issuerDiffers = client.configuration.issuerTemplate == nil && owner.issuer.map { $0 != idToken.issuer } == true
        guard issuerDiffers || !idToken.audiences.contains(owner.clientID) else { return nil }
        return "client \"\(idToken.audiences.joined(separator: ", "))\" at \"\(idToken.issuer)\""
    }

    /// What the store keeps of `signIn`, with this session's name on it.
    private func record(of signIn: SignIn<Provider>) -> SignInRecord {
        var record = signIn.record
        record.owner = owner
        return record
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
                let started = generation
                task = Task { [client, now] in
                    // Other sessions on a shared store — an app's widget, a second process — wait
                    // here, then find the tokens this one stores instead of refreshing again.
                    let lock = try await self.lockStore()
                    defer { lock?.release() }
                    var signIn = signIn
                    if lock != nil {
                        switch try await self.reread(expecting: signIn, startedIn: started) {
                        case .unchanged: break
                        case .adopt(let newer): return newer
                        case .refresh(let newer): signIn = newer
                        }
                    }
                    self.refreshCount += 1
                    let renewed: SignIn<Provider>
                    do throws(OAuthError) {
                        renewed = try await client.refresh(signIn, now: now())
                    } catch {
                        throw await self.refreshFailed(error, refreshing: signIn, startedIn: started)
                    }
                    return try await self.commit(renewed, replacing: signIn, startedIn: started, shared: lock != nil)
                }
                refreshing = task
            }
        }
        do {
            return try await SharedRefreshWait.value(of: task)
        } catch let error as OAuthError {
            throw error
        } catch {
            // The refresh task throws only OAuthError; a caller's cancellation ends its own wait.
            throw OAuthError.taskCancelled
        }
    }

    /// What a shared store holds, read again under its lock before a refresh.
    private enum Reread {
        /// The sign-in this session was about to refresh: refresh it.
        case unchanged
        /// Another session stored newer tokens that are still valid: use them, refresh nothing.
        case adopt(SignIn<Provider>)
        /// Another session stored other tokens that need a refresh too: refresh those.
        case refresh(SignIn<Provider>)
    }

    /// Reads a shared store again, holding its lock: another process may have refreshed (its
    /// rotated refresh token is the only one the provider still takes), signed in anew, or signed
    /// out since this session read it.
    private func reread(expecting signIn: SignIn<Provider>, startedIn started: Int) async throws(OAuthError) -> Reread {
        let stored = try await withStoreLock { () async throws(OAuthError) -> SignIn<Provider>? in try await loadStored() }
        guard generation == started else { throw OAuthError.sessionChanged }
        storeRevision = store.revision()
        guard let stored else {
            // Signed out elsewhere: so is this session.
            startNewGeneration()
            current = nil
            loaded = true
            publish(.signedOut(.signedOutElsewhere))
            throw OAuthError.notSignedIn
        }
        guard !stored.holdsSameTokens(as: signIn) else { return .unchanged }
        current = stored
        loaded = true
        if stored.tokens.isExpired(at: now(), leeway: refreshLeeway) { return .refresh(stored) }
        publish(.signedIn(stored, refreshed: true))
        return .adopt(stored)
    }

    /// Stores a refresh's result if the session is still in the generation it started in (and,
    /// for a shared store, the store still holds the tokens that were refreshed); otherwise
    /// revokes the refresh token it brought and stores nothing.
    private func commit(_ renewed: SignIn<Provider>, replacing refreshed: SignIn<Provider>, startedIn started: Int,
                        shared: Bool) async throws(OAuthError) -> SignIn<Provider> {
        defer { if generation == started { refreshing = nil } }
        let outcome: Result<SignIn<Provider>, OAuthError> = await withStoreLock {
            guard generation == started else { return .failure(.sessionChanged) }
            if shared {
                // A writer that does not take the lock (an older version of the app) may have
                // stored another sign-in meanwhile: never overwrite it.
                do throws(OAuthError) {
                    guard try await loadStored()?.holdsSameTokens(as: refreshed) == true else { return .failure(.sessionChanged) }
                } catch {
                    return .failure(error)
                }
            }
            do {
                try await store.save(record(of: renewed))
            } catch {
                return .failure(OAuthError.storageFailed("saving the refreshed tokens", error))
            }
            current = renewed
            storeRevision = store.revision()
            return .success(renewed)
        }
        if case .success(let renewed) = outcome { publish(.signedIn(renewed, refreshed: true)) }
        if case .failure(let error) = outcome, error.kind == .sessionChanged, let token = renewed.tokens.refreshToken,
           client.configuration.endpoints.revocation != nil {
            // Nobody will ever use it; leaving it valid would leave a live grant behind.
            try? await client.revokeIfPossible(token, hint: .refreshToken)
        }
        return try outcome.get()
    }

    /// Called by a failed refresh: `invalid_grant` means the grant is gone, so is the session; so
    /// does a refresh response the client refused (an ID token for another user: the client
    /// revoked its tokens, and the old refresh token may be rotated out). Only the sign-in that
    /// failed is cleared from the store (compare-and-clear, whatever the store): one another
    /// session stored meanwhile — a widget on the same Keychain item, a second session on one
    /// `MemoryTokenStore` — stays. Any other failure (the network, a timeout, a 5xx) signs nobody out.
    private func refreshFailed(_ error: OAuthError, refreshing failed: SignIn<Provider>, startedIn started: Int) async -> OAuthError {
        guard generation == started else { return .sessionChanged }
        refreshing = nil
        let refused = error.kind == .invalidIDToken
        guard refused || (error.kind == .requestRejected && error.protocolError?.code == "invalid_grant") else { return error }
        startNewGeneration()
        await withStoreLock {
            let stored: SignIn<Provider>?
            do throws(OAuthError) {
                stored = try await loadStored()
            } catch {
                // Unreadable now, or not this client's: nothing to compare, so nothing is cleared.
                current = nil
                loaded = false
                return
            }
            if let stored, !stored.holdsSameTokens(as: failed) {
                current = nil
                loaded = false
                return
            }
            await forgetStoredSignIn()
        }
        publish(.signedOut(.grantRevoked))
        return refused ? .signedOut(refusing: error) : .signedOut
    }

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
                try await client.revokeIfPossible(refreshToken, hint: .refreshToken)
            } else {
                try await client.revokeIfPossible(signIn.tokens.accessToken, hint: .accessToken)
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
    private func forgetStoredSignIn(clearingStore: Bool = true) async -> OAuthError? {
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
    ///
    /// - Throws: ``OAuthError/Kind/insecureEndpoint`` for a URL that is not https (http only on
    ///   127.0.0.1 or [::1], for a client made with `allowInsecureLoopback`): a token never
    ///   travels in the clear.
    /// - Throws: ``OAuthError/Kind/resourceNotAllowed`` for a URL outside ``allowedResourceOrigins``.
    public func validAuthorizationHeaders(method: String, url: URL) async throws(OAuthError) -> AuthorizationHeaders {
        try EndpointPolicy.requireSecure(url, name: "resource server", allowInsecureLoopback: client.allowsInsecureLoopback)
        if let allowed = allowedResourceOrigins, URLOrigin(url).map(allowed.contains) != true {
            throw OAuthError.resourceNotAllowed(url, allowed: Array(allowed))
        }
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

extension SignIn {
    /// Whether both hold the same access and refresh tokens: the same grant at the same moment,
    /// whatever else a store's encoding may round.
    func holdsSameTokens(as other: SignIn) -> Bool {
        tokens.accessToken == other.tokens.accessToken && tokens.refreshToken == other.tokens.refreshToken
    }
}
