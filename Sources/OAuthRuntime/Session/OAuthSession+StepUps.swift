import Foundation

// The step-up ledger kept with the stored sign-in (`StepUpLedger`): read and spent under the same
// two locks as a refresh, so sessions in several processes on one store share one budget.
extension OAuthSession {
    /// Runs `body` on the ledger of the stored sign-in and stores what it leaves, holding the
    /// store to itself (this process's lock and other processes'). With no stored sign-in of this
    /// session's, on a ledger the session keeps in memory.
    package func updateStepUps<T>(_ body: (inout StepUpLedger) -> T) async throws(OAuthError) -> T {
        let lock = try await lockStore()
        defer { lock?.release() }
        return try await withStoreLock { () async throws(OAuthError) -> T in
            guard var record = try await storedRecord() else { return body(&unstoredStepUps) }
            var ledger = record.stepUps ?? StepUpLedger()
            let result = body(&ledger)
            guard ledger != record.stepUps else { return result }
            record.stepUps = ledger
            do {
                try await store.save(record)
            } catch {
                throw OAuthError.storageFailed("saving the step-up budget", error)
            }
            return result
        }
    }

    /// The ledger of the stored sign-in (or the one in memory), as it is now.
    package func stepUpLedger() async throws(OAuthError) -> StepUpLedger {
        try await withStoreLock { () async throws(OAuthError) -> StepUpLedger in
            guard let record = try await storedRecord() else { return unstoredStepUps }
            return record.stepUps ?? StepUpLedger()
        }
    }

    /// The store's record when it is this session's; call it holding the store lock.
    private func storedRecord() async throws(OAuthError) -> SignInRecord? {
        let record: SignInRecord?
        do {
            record = try await store.load()
        } catch {
            throw OAuthError.storageFailed("reading the sign-in", error)
        }
        guard let record, foreignOwner(of: record) == nil else { return nil }
        return record
    }
}
