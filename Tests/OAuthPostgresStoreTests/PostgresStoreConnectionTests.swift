#if PostgreSQL
import Foundation
@_spi(BuildingBlocks) import OAuthRuntime
import OAuthPostgresStore
import Testing
import TestSupport

/// How the store connects: `sslmode` as libpq reads it, against a server with TLS (a
/// self-signed certificate for 127.0.0.1) and one without; and what a replica hears of another's
/// writes without reading the rows.
@Suite(.enabled("needs PostgreSQL") { await PostgresServer.isAvailableOffPool() })
struct PostgresStoreConnectionTests {
    /// Whether the store's connections to `fixture`'s database use TLS, as the server sees them.
    func usesTLS(_ fixture: PostgresStoreFixture) async throws -> String {
        try await fixture.psql(
            "SELECT DISTINCT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a ON a.pid = s.pid "
                + "WHERE a.datname = '\(fixture.database)' AND a.usename = 'oauthgen_app'")
    }

    /// `sslmode` against a server with TLS; the certificate verified where the mode says so.
    @Test(arguments: [
        ("disable", "f\n"), ("allow", "f\n"), ("prefer", "t\n"), ("require", "t\n"),
        ("verify-ca&sslrootcert={root}", "t\n"), ("verify-full&sslrootcert={root}", "t\n"),
    ])
    func eachSSLModeAsLibpqReadsIt(mode: String, tls: String) async throws {
        let server = try await PostgresServer.instance()
        let root = try #require(server.certificate)
        let fixture = try await PostgresStoreFixture.make(sslMode: mode.replacingOccurrences(of: "{root}", with: root))
        // verify-full checks the host name: the certificate names localhost (and 127.0.0.1).
        let store = try fixture.store(
            url: mode.hasPrefix("verify-full")
                ? fixture.url.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:") : nil)
        try await store.save(.tokens("AT-1"))
        #expect(try await usesTLS(fixture) == tls, "sslmode=\(mode)")
        await store.close()
    }

    /// A certificate no given root signed is refused by the verifying modes; `require` with no
    /// root certificate takes it, as libpq does (encryption against a passive reader only).
    @Test func aCertificateFromAnotherRootIsRefusedByTheVerifyingModes() async throws {
        let directory = try makeTestDirectory("oauthgen-root")
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = directory.appendingPathComponent("other.crt").path
        let made = try await ProcessRunner.runDetached(
            URL(fileURLWithPath: "/usr/bin/openssl"),
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", directory.appendingPathComponent("k").path,
                "-out", other, "-days", "1", "-subj", "/CN=127.0.0.1",
            ])
        try #require(made.status == 0, "\(made.stderr)")
        for mode in ["verify-ca", "verify-full", "require"] {
            let fixture = try await PostgresStoreFixture.make(sslMode: "\(mode)&sslrootcert=\(other)")
            let store = try fixture.store(
                url: fixture.url.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:"), timeout: .seconds(10))
            do {
                try await store.save(.tokens("AT-1"))
                Issue.record("sslmode=\(mode): expected the server's certificate to be refused")
            } catch let error as PostgresStoreError {
                guard case .connectionFailed(let host, _, _) = error else {
                    Issue.record("sslmode=\(mode): \(error)")
                    continue
                }
                #expect(host == "localhost")
            }
            await store.close()
        }
    }

    /// Against a server without TLS: `require` refuses to connect; `prefer` and `allow` connect
    /// without it.
    @Test func requireIsHonouredAgainstAServerWithoutTLS() async throws {
        let plain = try await PostgresServer.instance(tls: false)
        let required = try await PostgresStoreFixture.make(server: plain, sslMode: "require")
        let store = try required.store(timeout: .seconds(10))
        await #expect(throws: PostgresStoreError.self) { try await store.load() }
        await store.close()
        for mode in ["prefer", "allow"] {
            let fixture = try await PostgresStoreFixture.make(server: plain, sslMode: mode)
            let store = try fixture.store()
            try await store.save(.tokens("AT-1"))
            #expect(try await store.load()?.tokens.accessToken == "AT-1")
            await store.close()
        }
    }

    /// A server that takes the connection and never answers (here LocalHTTPServer, which waits
    /// 5 s for a request line PostgreSQL's startup message never completes): every wait ends, at
    /// the store's timeout, or at once when the task is cancelled.
    @Test func aServerThatNeverAnswersEndsEveryWait() async throws {
        let silent = try LocalHTTPServer { _ in LocalHTTPServer.Response(stall: .beforeResponse) }
        defer { silent.stop() }
        let location = try PostgresStoreLocation(
            url: "postgres://app@127.0.0.1:\(silent.port)/app?sslmode=disable",
            environment: ["PGPASSWORD": "p", "PGPASSFILE": "/dev/null"])
        let store = PostgresTokenStore(
            location: location, key: try StoreEncryptionKey(bytes: Data(count: 32)), timeout: .seconds(2))
        let timedOut = try await Bounded.run(within: 30) { () -> (any Error)? in
            do {
                _ = try await store.load()
                return nil
            } catch {
                return error
            }
        }
        // Ended by the store's deadline, or by postgres-nio's connect timeout, which the store sets
        // to the same 2 s (which fires first depends on the machine's load).
        let endedAtTheTimeout =
            switch timedOut as? PostgresStoreError {
            case .timedOut(let action, let after): action == "a connection" && after == .seconds(2)
            case .connectionFailed(_, _, let reason): reason.contains("Connect timeout (2 s)")
            default: false
            }
        #expect(endedAtTheTimeout, "\(String(describing: timedOut))")
        let waiting = Task { try await store.lockForUpdate() }
        try await Task.sleep(for: .milliseconds(200))
        waiting.cancel()
        let cancelled = try await Bounded.run(within: 30) { () -> (any Error)? in
            do {
                _ = try await waiting.value
                return nil
            } catch {
                return error
            }
        }
        #expect(cancelled is CancellationError, "\(String(describing: cancelled))")
        await store.close()
    }

    /// No password at all (neither PGPASSWORD nor a password file's line): the error says where
    /// one goes, not postgres-nio's `authMechanismRequiresPassword` (issue 54, a newcomer's run).
    @Test func aMissingPasswordSaysWhereOneGoes() async throws {
        let fixture = try await PostgresStoreFixture.make()
        let store = PostgresTokenStore(
            location: try PostgresStoreLocation(url: fixture.url, environment: ["PGPASSFILE": "/dev/null"]),
            key: try StoreEncryptionKey(bytes: fixture.keyBytes))
        do {
            _ = try await store.load()
            Issue.record("expected the store to need a password")
        } catch {
            #expect(
                "\(error)".hasSuffix(
                    "found the server asks for a password, and none was given: set PGPASSWORD, or add a line for this host to ~/.pgpass (or the file PGPASSFILE names)"
                ), "\(error)")
        }
        await store.close()
    }

    /// A wrong password is refused with the server's words and without the password.
    @Test func aWrongPasswordIsNamedWithoutBeingShown() async throws {
        let fixture = try await PostgresStoreFixture.make()
        let store = PostgresTokenStore(
            location: try PostgresStoreLocation(
                url: fixture.url, environment: ["PGPASSWORD": "wrong-password-3b9e", "PGPASSFILE": "/dev/null"]),
            key: try StoreEncryptionKey(bytes: fixture.keyBytes))
        do {
            _ = try await store.load()
            Issue.record("expected the password to be refused")
        } catch {
            #expect("\(error)".contains("password authentication failed"), "\(error)")
            #expect(!"\(error)".contains("wrong-password-3b9e"))
        }
        await store.close()
    }

    /// A replica hears another's write on the channel: its revision changes with no statement of
    /// its own, stays put while nothing is written, and moves only for the account written.
    @Test func aReplicaHearsAnotherReplicasWritesWithoutReadingTheRows() async throws {
        let fixture = try await PostgresStoreFixture.make()
        let writer = try fixture.store()
        let reader = try fixture.store()
        try await writer.save(.tokens("AT-1"))
        _ = try await reader.load()
        let other = reader.forAccount("other")
        // Listening: the revision stops changing at each call.
        try await Bounded.poll(for: .seconds(10)) { reader.revision() == reader.revision() }
        let before = reader.revision()
        let otherBefore = other.revision()
        let statements = try await fixture.psql(
            "SELECT xact_commit FROM pg_stat_database WHERE datname = '\(fixture.database)'")
        try await writer.save(.tokens("AT-2"))
        try await Bounded.poll(for: .seconds(10)) { reader.revision() != before }
        #expect(other.revision() == otherBefore)
        let afterSave = reader.revision()
        try await Task.sleep(for: .milliseconds(100))
        #expect(reader.revision() == afterSave)
        try await writer.clear()
        try await Bounded.poll(for: .seconds(10)) { reader.revision() != afterSave }
        #expect(!statements.isEmpty)
        await writer.close()
        await reader.close()
    }
}
#endif
