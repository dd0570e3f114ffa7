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
    let store: any TokenStore
    package let refreshLeeway: TimeInterval
    /// Whose sign-ins this session keeps: a stored record of another's is neither used nor cleared.
    nonisolated let owner: SignInOwner
    /// Where this session's access token may go, when the app said (`nil`: any https origin).
    @_spi(BuildingBlocks)
    public nonisolated let allowedResourceOrigins: Set<URLOrigin>?
    package let now: @Sendable () -> Date
    /// The client's telemetry, each line naming the issuer and the client.
    package nonisolated let telemetry: OAuthTelemetry
    var current: SignIn<Provider>?
    var loaded = false
    /// Bumped by every sign-in and sign-out: a refresh started under another generation is stale.
    var generation = 0
    var refreshing: Task<SignIn<Provider>, any Error>?
    /// Store operations run one at a time, in the order they asked (see `withStoreLock`).
    var storeBusy = false
    var storeWaiters: [CheckedContinuation<Void, Never>] = []
    /// The step-up ledger while the store holds no sign-in of this session's to keep it with.
    var unstoredStepUps = StepUpLedger()
    /// Refresh requests made by this session (diagnostics and tests; not API an app relies on).
    @_spi(Testing) public internal(set) var refreshCount = 0
    /// The store's revision when this session last read or wrote it (shared stores only).
    var storeRevision: UInt64?
    /// The access token the last refresh asked for by a resource server's `invalid_token` gave:
    /// refused again by a server, it is refused for the server's own reasons, not refreshed again.
    var tokenRenewedForRejection: String?
    /// Subscribers of ``states()``, and what they were last told.
    /// How an expired sign-in is renewed when it is not by its refresh token: a resource session
    /// with an enterprise identity redeems a new ID-JAG. Set once, before first use.
    var renewal: (@Sendable (SignIn<Provider>) async throws(OAuthError) -> SignIn<Provider>)?
    var observers: [Int: AsyncStream<SessionState<Provider>>.Continuation] = [:]
    var nextObserver = 0
    var published: SessionState<Provider>?

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
    ///     and port. `nil`, the default, allows the origin of the resource the client binds its
    ///     tokens to (``ProviderConfiguration/resource``, RFC 8707: a client pinned with
    ///     `oauthgen init --resource`) when it has one that is a URL, else any https origin.
    ///   - now: the clock, for tests.
    public init(
        client: OAuthClient<Provider>, store: any TokenStore = MemoryTokenStore(), refreshLeeway: TimeInterval = 60,
        allowedResourceOrigins: [URL]? = nil, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.client = client
        self.owner = SignInOwner(
            issuer: client.configuration.issuer, clientID: client.clientID,
            tokenEndpoint: URLOrigin(client.configuration.endpoints.token)?.description
                ?? client.configuration.endpoints.token.absoluteString,
            resource: client.configuration.resource?.absoluteString)
        self.store = store
        self.refreshLeeway = refreshLeeway
        // A token bound to one resource is good there only: it goes nowhere else by default.
        let bound = client.configuration.resource.flatMap { URLOrigin($0) == nil ? nil : [$0] }
        self.allowedResourceOrigins = (allowedResourceOrigins ?? bound).map { Set($0.compactMap(URLOrigin.init)) }
        self.now = now
        self.telemetry = client.options.telemetry.with(.issuer, client.configuration.issuer)
            .with(.clientID, client.clientID).with(.resource, client.configuration.resource?.absoluteString)
    }

    /// Signs in through `agent` and keeps the result: ``OAuthClient/signIn(with:redirectURI:scopes:parameters:)``
    /// followed by ``keep(_:)``.
    @discardableResult
    public func signIn(
        with agent: some ExternalUserAgent,
        redirectURI: Provider.RedirectURI? = nil,
        scopes: [Provider.Scope]? = nil,
        parameters: AuthorizationParameters<Provider> = .init()
    ) async throws(OAuthError) -> SignIn<Provider> {
        let signIn = try await client.signIn(
            with: agent, redirectURI: redirectURI, scopes: scopes, parameters: parameters)
        try await keep(signIn)
        return signIn
    }

    /// Keeps a sign-in completed elsewhere (the device grant, a backend, a test): stores it,
    /// replacing whatever the session held, and publishes it; a refresh under way for the
    /// previous account is abandoned.
    public func keep(_ signIn: SignIn<Provider>) async throws(OAuthError) {
        startNewGeneration()
        let lock = try await lockStore()
        defer { lock?.release() }
        try await withStoreLock { () async throws(OAuthError) in
            // Another client's sign-in is not this session's to replace (its tokens would be
            // lost, still live at their provider).
            let existing = try? await store.load()
            if let existing, let other = foreignOwner(of: existing) {
                throw OAuthError.storedSignInMismatch(expected: owner, found: other)
            }
            // The step-up budget stays with the account (what was spent before a first sign-in
            // was kept, with the session); the challenge answered goes with the sign-in that
            // answered it.
            var kept = record(of: signIn)
            kept.stepUps = (existing == nil ? unstoredStepUps : existing?.stepUps)?.carriedToNewSignIn
            do {
                try await store.save(kept)
            } catch {
                throw OAuthError.storageFailed("saving the sign-in", error)
            }
            current = signIn
            loaded = true
            storeRevision = store.revision()
        }
        publish(.signedIn(signIn, refreshed: false))
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

    /// The store's sign-in; call it holding the store lock. A store that cannot answer now is
    /// not an answer of "signed out", and neither is a record this session cannot use.
    ///
    /// - Throws: ``OAuthError/Kind/storedSignInMismatch`` for another client's sign-in,
    ///   ``OAuthError/Kind/storedSignInIncompatible`` for one of a newer format or whose claims
    ///   no longer decode: in each case the record stays as it is.
    func loadStored() async throws(OAuthError) -> SignIn<Provider>? {
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
    func foreignOwner(of record: SignInRecord) -> String? {
        if var recorded = record.owner {
            // Written before the resource was kept: it was this client's, and its resource the
            // one this client names (a resource session keeps each resource's sign-in apart).
            if recorded.resource == nil { recorded.resource = owner.resource }
            return recorded == owner ? nil : record.owner?.description
        }
        // Format 1: only the ID token says whose it was.
        guard let idToken = record.idToken else { return nil }
        let issuerDiffers =
            client.configuration.issuerTemplate == nil && owner.issuer.map { $0 != idToken.issuer } == true
        guard issuerDiffers || !idToken.audiences.contains(owner.clientID) else { return nil }
        return "client \"\(idToken.audiences.joined(separator: ", "))\" at \"\(idToken.issuer)\""
    }

    /// What the store keeps of `signIn`, with this session's name on it.
    func record(of signIn: SignIn<Provider>) -> SignInRecord {
        var record = signIn.record
        record.owner = owner
        if client.options.registration?.clientID == owner.clientID {
            // Without its secret: a registration's secret is kept beside the registration alone,
            // and one the app gave (a pre-registered confidential client's) is not the store's.
            record.registration = client.options.registration
            record.registration?.clientSecret = nil
        }
        return record
    }
}
