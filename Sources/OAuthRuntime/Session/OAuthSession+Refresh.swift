import Foundation

// The refresh machine: one refresh at a time for every caller and, through the store's lock, for
// every process sharing the store. A refresh runs in three steps: read the store again under its
// lock (`reread`; what it can find is `Reread`'s cases: another process may have refreshed), ask
// the token endpoint, then `commit` the result under the lock, only if the session is still in the
// generation that started it. A refusal is settled by `refreshFailed`: invalid_grant signs out
// the sign-in that was refused (a newer one a sibling stored is adopted instead), anything else
// leaves the sign-in for the next call.
extension OAuthSession {
    /// An access token that is not about to expire, refreshing it first if needed.
    public func validAccessToken() async throws(OAuthError) -> String {
        guard let signIn = try await currentSignIn() else { throw OAuthError.notSignedIn }
        if !signIn.tokens.isExpired(at: now(), leeway: refreshLeeway) { return signIn.tokens.accessToken }
        return try await refresh().tokens.accessToken
    }

    /// Renews an expired sign-in another way than by its refresh token, through the same single
    /// flight (one renewal for every caller and every process sharing the store).
    package func setRenewal(
        _ renewal: @escaping @Sendable (SignIn<Provider>) async throws(OAuthError) -> SignIn<Provider>
    ) {
        self.renewal = renewal
    }

    /// Refreshes now (or joins the refresh under way) and returns the new sign-in.
    @discardableResult
    public func refresh() async throws(OAuthError) -> SignIn<Provider> {
        try await refresh(afterRejection: false)
    }

    /// ``refresh()``; `afterRejection` marks the new tokens, in the store, as a refresh a
    /// resource's `invalid_token` asked for (a refresh already under way is joined unmarked).
    func refresh(afterRejection: Bool) async throws(OAuthError) -> SignIn<Provider> {
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
                let operation = TelemetryOperation(
                    "oauth.refresh", counter: .refreshes, timer: .refreshDuration,
                    attributes: [(.issuer, client.configuration.issuer), (.clientID, client.clientID)],
                    step: .refreshing)
                task = Task { [telemetry] in
                    try await telemetry.run(
                        operation, outcome: { $0.adopted ? "adopted" : "success" },
                        body: { span async throws(OAuthError) in
                            try await self.renew(signIn, startedIn: started, afterRejection: afterRejection, span: span)
                        }
                    ).signIn
                }
                refreshing = task
            }
        }
        do {
            return try await SharedTaskWait.value(of: task)
        } catch let error as OAuthError {
            throw error
        } catch {
            // The refresh task throws only OAuthError; a caller's cancellation ends its own wait.
            throw OAuthError.taskCancelled
        }
    }

    /// The refresh task's body: under the store's lock (its wait an event of `span`), reads the
    /// store again, then refreshes (or renews) unless a sibling's fresh tokens are adopted.
    private func renew(
        _ signIn: SignIn<Provider>, startedIn started: Int, afterRejection: Bool, span: TelemetrySpan
    ) async throws(OAuthError) -> (signIn: SignIn<Provider>, adopted: Bool) {
        // Other sessions on a shared store — an app's widget, a second process — wait here, then
        // find the tokens this one stores instead of refreshing again.
        let waited = ContinuousClock.now
        var waiting = telemetry.logger
        waiting[metadataKey: OAuthTelemetryKey.step.rawValue] = .string(OAuthProgressStep.waitingForLock.rawValue)
        waiting.debug("waiting for the store's lock")
        let lock = try await lockStore()
        defer { lock?.release() }
        telemetry.recordWait(
            "store lock acquired", timer: .lockWait, dimensions: [("store", storeKind)], since: waited, on: span)
        var signIn = signIn
        if lock != nil {
            switch try await reread(expecting: signIn, startedIn: started) {
            case .unchanged: break
            case .adopt(let newer): return (newer, true)
            case .refresh(let newer): signIn = newer
            }
        }
        refreshCount += 1
        var renewed: SignIn<Provider>
        do throws(OAuthError) {
            if let renewal {
                renewed = try await renewal(signIn)
            } else {
                renewed = try await client.refresh(signIn, now: now())
            }
            renewed.renewedAfterRejection = afterRejection
        } catch {
            let settled = await refreshFailed(error, refreshing: signIn, startedIn: started)
            return (try settled.get(), true)
        }
        return (try await commit(renewed, replacing: signIn, startedIn: started, shared: lock != nil), false)
    }

    /// The store's kind, a bounded metric dimension (`FileTokenStore`, `PostgresTokenStore`, …).
    nonisolated var storeKind: String { String(describing: type(of: store)) }

    /// What a shared store holds, read again under its lock before a refresh.
    enum Reread {
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
    func reread(expecting signIn: SignIn<Provider>, startedIn started: Int) async throws(OAuthError) -> Reread {
        let stored = try await withStoreLock { () async throws(OAuthError) -> SignIn<Provider>? in
            try await loadStored()
        }
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
    func commit(
        _ renewed: SignIn<Provider>, replacing refreshed: SignIn<Provider>, startedIn started: Int,
        shared: Bool
    ) async throws(OAuthError) -> SignIn<Provider> {
        defer { if generation == started { refreshing = nil } }
        let outcome: Result<SignIn<Provider>, OAuthError> = await withStoreLock {
            guard generation == started else { return .failure(.sessionChanged) }
            if shared {
                // A writer that does not take the lock (an older version of the app) may have
                // stored another sign-in meanwhile: never overwrite it.
                do throws(OAuthError) {
                    guard try await loadStored()?.holdsSameTokens(as: refreshed) == true else {
                        return .failure(.sessionChanged)
                    }
                } catch {
                    return .failure(error)
                }
            }
            // A refresh is the same sign-in: its step-up ledger stays as it is.
            var kept = record(of: renewed)
            if let stored = try? await store.load(), foreignOwner(of: stored) == nil { kept.stepUps = stored.stepUps }
            do {
                try await store.save(kept)
            } catch {
                return .failure(OAuthError.storageFailed("saving the refreshed tokens", error))
            }
            current = renewed
            storeRevision = store.revision()
            return .success(renewed)
        }
        if case .success(let renewed) = outcome { publish(.signedIn(renewed, refreshed: true)) }
        if case .failure(let error) = outcome, error.kind == .sessionChanged, let token = renewed.tokens.refreshToken,
            client.configuration.endpoints.revocation != nil
        {
            // Nobody will ever use it; leaving it valid would leave a live grant behind.
            try? await client.sendRevocation(token, hint: .refreshToken)
        }
        return try outcome.get()
    }

    /// Called by a failed refresh: `invalid_grant` means the grant is gone, so is the session; so
    /// does a refresh response the client refused (an ID token for another user: the client
    /// revoked its tokens, and the old refresh token may be rotated out). Only the sign-in that
    /// failed is cleared from the store (compare-and-clear, whatever the store): one another
    /// session stored meanwhile — a widget on the same Keychain item, a second session on one
    /// `MemoryTokenStore`, a sibling process that rotated the refresh token this one sent — is
    /// adopted when it is still valid, and the caller gets it (issue 53: a refusal of a refresh
    /// token a sibling had already rotated signed the store out). Any other failure (the
    /// network, a timeout, a 5xx) signs nobody out.
    func refreshFailed(
        _ error: OAuthError, refreshing failed: SignIn<Provider>, startedIn started: Int
    ) async -> Result<SignIn<Provider>, OAuthError> {
        guard generation == started else { return .failure(.sessionChanged) }
        refreshing = nil
        let refused = error.kind == .invalidIDToken
        guard refused || (error.kind == .requestRejected && error.protocolError?.code == "invalid_grant") else {
            return .failure(error)
        }
        if !refused, let newer = await siblingSignIn(replacing: failed) { return .success(newer) }
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
        if refused { return .failure(.signedOut(refusing: error)) }
        // Matched, not compared with nil: that needs typed-throws function metadata, which the
        // runtime has only from macOS 15 and iOS 18 (the Apple type-check caught it).
        if case .some = renewal { return .failure(.signedOut(renewalRefused: error)) }
        return .failure(.signedOut)
    }

    /// A still-valid sign-in of this client's that the store holds instead of `failed`: another
    /// session or process refreshed (or signed in) since `failed` was read. Adopted as this
    /// session's; `nil` when the store holds `failed`, nothing, or tokens that expired too.
    private func siblingSignIn(replacing failed: SignIn<Provider>) async -> SignIn<Provider>? {
        await withStoreLock { () async -> SignIn<Provider>? in
            guard let stored = try? await loadStored(), !stored.holdsSameTokens(as: failed),
                !stored.tokens.isExpired(at: now(), leeway: 0)
            else { return nil }
            current = stored
            loaded = true
            storeRevision = store.revision()
            publish(.signedIn(stored, refreshed: true))
            return stored
        }
    }
}
