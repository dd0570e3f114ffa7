import Foundation

// What the session publishes: every subscriber of `states()` hears each change once, in order.
extension OAuthSession {
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
        let (stream, continuation) = AsyncStream.makeStream(
            of: SessionState<Provider>.self, bufferingPolicy: .bufferingNewest(16))
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

    /// What a read of the store found, as a state: at launch, or after another process changed it.
    func publishLoaded(previous: SignIn<Provider>?, reloaded: Bool) {
        if let current {
            // The same user with other tokens: another process refreshed.
            let refreshed = reloaded && previous != nil && previous?.idToken?.subject == current.idToken?.subject
            publish(.signedIn(current, refreshed: refreshed))
        } else {
            publish(.signedOut(reloaded && previous != nil ? .signedOutElsewhere : .neverSignedIn))
        }
    }

    func removeObserver(_ id: Int) {
        observers[id] = nil
    }

    /// Tells every subscriber, once per change.
    func publish(_ state: SessionState<Provider>) {
        guard state != published else { return }
        published = state
        for observer in observers.values { observer.yield(state) }
    }
}
