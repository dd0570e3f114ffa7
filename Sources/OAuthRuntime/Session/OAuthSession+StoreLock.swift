import Foundation

// Two locks around the store: `withStoreLock` orders this session's own reads and writes; the
// store's `TokenStoreLock` (a file lock for shared stores) orders them across processes.
extension OAuthSession {
    /// The store's cross-process lock, for a store that has one.
    func lockStore() async throws(OAuthError) -> TokenStoreLock? {
        do {
            return try await store.lockForUpdate()
        } catch is CancellationError {
            throw OAuthError.taskCancelled
        } catch let error as TokenStoreLockError {
            if case .timedOut = error {
                throw OAuthError(.storageUnavailable, error.description, underlyingError: error)
            }
            throw OAuthError.storageFailed("locking the stored sign-in", error)
        } catch {
            throw OAuthError.storageFailed("locking the stored sign-in", error)
        }
    }

    /// Runs `body` with the store to itself. An actor alone does not give that: it is reentrant
    /// at every `await`, so a slow `load()` could finish after a `save()` that started later and
    /// put the old tokens back.
    func withStoreLock<T, E: Error>(_ body: () async throws(E) -> T) async throws(E) -> T {
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
