#if PostgreSQL
import Foundation
@_spi(BuildingBlocks) import OAuthRuntime
import OAuthLocking
import OAuthPostgresStore
import Testing
import TestSupport

/// Issue 53, H6 and H8: what a role that may connect, or write the tables, can do to the
/// replicas. Each case was seen working against the store before its fix.
@Suite(.enabled("needs PostgreSQL") { await PostgresServer.isAvailableOffPool() })
struct PostgresStoreTamperingTests {
    /// A writer puts back an earlier sealed row of the same account (an older refresh token, a
    /// step-up budget unspent): a replica that read the later one refuses it, and a revision
    /// column rewritten to look later does not open. Before, the old row opened.
    @Test func aRowPutBackFromEarlierIsRefused() async throws {
        let fixture = try await PostgresStoreFixture.make()
        let store = try fixture.store()
        defer { Task { await store.close() } }
        try await store.save(.tokens("AT-1", refresh: "RT-1"))
        _ = try await fixture.psql(
            "CREATE TABLE kept AS SELECT revision, sealed FROM oauthgen_sign_ins WHERE account = 'default'")
        try await store.save(.tokens("AT-2", refresh: "RT-2"))
        #expect(try await store.load()?.tokens.refreshToken == "RT-2")
        func number(_ sql: String) async throws -> Int64 {
            try #require(Int64(try await fixture.psql(sql).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        let later = try await number("SELECT revision FROM oauthgen_sign_ins")
        let earlier = try await number("SELECT revision FROM kept")
        _ = try await fixture.psql(
            "UPDATE oauthgen_sign_ins SET (revision, sealed) = (SELECT revision, sealed FROM kept)")
        await #expect(
            throws: PostgresStoreError.rowWentBack(
                table: "oauthgen_sign_ins", key: "default", revision: earlier, seen: later)
        ) { try await store.load() }
        // The old row under a later revision number: its sealed revision does not match.
        _ = try await fixture.psql("UPDATE oauthgen_sign_ins SET revision = \(later + 100)")
        await #expect(throws: PostgresStoreError.unreadableRow(table: "oauthgen_sign_ins", key: "default")) {
            try await store.load()
        }
    }

    /// Any role that may connect can NOTIFY on the store's channel. A forged notification
    /// naming the largest revision pinned what replicas had heard, and they missed the next
    /// refresh and sign-out; it now costs one read, and a real write is still heard.
    @Test func aForgedNotificationDoesNotHideTheNextWrite() async throws {
        let fixture = try await PostgresStoreFixture.make()
        let writer = try fixture.store()
        let reader = try fixture.store()
        defer {
            Task {
                await writer.close()
                await reader.close()
            }
        }
        try await writer.save(.tokens("AT-1"))
        _ = try await reader.load()
        try await Bounded.poll(for: .seconds(10)) { reader.revision() == reader.revision() }
        let before = reader.revision()
        _ = try await fixture.psql("NOTIFY oauthgen_store, '9223372036854775807 default'")
        try await Bounded.poll(for: .seconds(10)) { reader.revision() != before }
        let forged = reader.revision()
        try await writer.save(.tokens("AT-2"))
        try await Bounded.poll(for: .seconds(10)) { reader.revision() != forged }
        #expect(try await reader.load()?.tokens.accessToken == "AT-2")
    }

    /// H6: a role granted nothing but `CONNECT` held a sign-in's advisory lock (its key the hash of
    /// a predictable name), and every replica's renewal failed when its wait ran out. The store's
    /// locks are rows of its own table now: that role cannot lock them, and the advisory lock it
    /// holds stalls nobody. Before, `lockForUpdate()` waited out its timeout here (the intruder
    /// holds on for 30 s, twice the store's 15 s). A 5 s timeout, which also bounds each statement,
    /// ran out in CI with the suite's other PostgreSQL tests beside it.
    @Test func aRoleThatMayOnlyConnectCannotHoldTheStoresLocks() async throws {
        let fixture = try await PostgresStoreFixture.make()
        let store = try fixture.store()
        defer { Task { await store.close() } }
        try await store.save(.tokens("AT-1"))
        let role = "intruder_\(UUID().uuidString.prefix(8).lowercased())"
        _ = try await fixture.server.psql("CREATE ROLE \(role) LOGIN PASSWORD 'intruder-7c1d'")
        _ = try await fixture.psql("GRANT CONNECT ON DATABASE \(fixture.database) TO \(role)")
        func intruder(_ sql: String) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
            process.arguments = [
                "-h", "127.0.0.1", "-p", String(fixture.server.port), "-U", role, "-d", fixture.database, "-qAt",
                "-v", "ON_ERROR_STOP=1", "-c", sql,
            ]
            process.environment = ["PGPASSWORD": "intruder-7c1d", "PGSSLMODE": "disable", "PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try ProcessLaunch.run(process)
            return process
        }
        let holder = try intruder(
            "SELECT pg_advisory_lock(hashtextextended('oauthgen sign-in default', 0)), pg_sleep(30)")
        defer { holder.end() }
        try await Bounded.poll(for: .seconds(10)) {
            let held = try? await fixture.psql(
                "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a USING (pid) WHERE l.locktype = 'advisory' AND a.usename = '\(role)'"
            )
            return held == "1\n"
        }
        let rowLock = try intruder("BEGIN; SELECT name FROM oauthgen_locks FOR UPDATE; SELECT pg_sleep(30)")
        defer { rowLock.end() }
        try await Bounded.poll(for: .seconds(10)) { rowLock.exitStatus != nil }
        #expect(rowLock.exitStatus != 0, "the role that may only connect locked the store's rows")
        let started = ContinuousClock.now
        let lock = try await store.lockForUpdate()
        lock?.release()
        print(
            "a replica's lock, a role that may only connect holding the advisory lock: \(ContinuousClock.now - started)"
        )
    }
}
#endif
