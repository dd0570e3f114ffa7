import Foundation

// The one-refresh guard after a rejection is for a token no resource ever took (issue 53, item
// 2): a renewed token the resource accepted, then refused later (revoked, expired on the way),
// failed every call until it expired by the clock, in every process on the store.
extension OAuthSession {
    /// The resource answered a request that carried `sent` (its `Authorization` header) without
    /// refusing the token. When that token came from a refresh a rejection asked for, the mark is
    /// cleared, in the store too (under its lock, if the store still holds that token), so a
    /// later rejection of it is renewed once more by whichever session on the store meets it.
    /// Costs nothing for any other token: no store access.
    func noteAccepted(_ sent: String) async {
        guard let token = sent.split(separator: " ", maxSplits: 1).last.map(String.init),
            let signIn = current, signIn.renewedAfterRejection, signIn.tokens.accessToken == token
        else { return }
        if tokenRenewedForRejection == token { tokenRenewedForRejection = nil }
        // Best effort: a store that cannot be locked or written keeps the mark, which only costs
        // the renewal the mark withholds.
        let lock: TokenStoreLock?
        do { lock = try await lockStore() } catch { return }
        defer { lock?.release() }
        await withStoreLock {
            guard var record = try? await store.load(), foreignOwner(of: record) == nil,
                record.tokens.accessToken == token, record.renewedAfterRejection
            else { return }
            record.renewedAfterRejection = false
            guard (try? await store.save(record)) != nil else { return }
            if current?.tokens.accessToken == token { current?.renewedAfterRejection = false }
            storeRevision = store.revision()
        }
    }
}
