#if PostgreSQL
import Foundation
@_spi(BuildingBlocks) import OAuthRuntime
import OAuthPostgresStore
import Testing
import TestSupport

/// The store against a real PostgreSQL 15 (Debian's) on 127.0.0.1: what it keeps, how it keeps
/// it sealed, and what a database reader sees.
@Suite(.enabled("needs PostgreSQL") { await PostgresServer.isAvailableOffPool() })
struct PostgresTokenStoreTests {
    @Test func savesLoadsAndClearsEachAccountInARowOfItsOwn() async throws {
        let fixture = try await PostgresStoreFixture.make()
        let store = try fixture.store()
        defer { Task { await store.close() } }
        #expect(try await store.load() == nil)
        try await store.save(.tokens("AT-home", refresh: "RT-home"))
        let work = store.forAccount("resource https://mcp.example/ at https://as.example as client-1")
        try await work.save(.tokens("AT-work"))
        #expect(try await store.load()?.tokens.accessToken == "AT-home")
        #expect(try await work.load()?.tokens.accessToken == "AT-work")
        #expect(try await store.accounts() == [PostgresTokenStore.defaultAccount, work.account].sorted())
        try await work.clear()
        #expect(try await work.load() == nil)
        #expect(try await store.accounts() == [PostgresTokenStore.defaultAccount])
        // One row per account, the account in clear as its key and nothing else in clear.
        #expect(try await fixture.psql("SELECT count(*) FROM oauthgen_sign_ins") == "1\n")
    }

    /// A database reader sees the account name and sealed bytes: no token, in any encoding.
    @Test func aRowReadWithPsqlHoldsNoToken() async throws {
        let fixture = try await PostgresStoreFixture.make()
        let store = try fixture.store()
        defer { Task { await store.close() } }
        try await store.save(.tokens("access-token-in-the-clear-7f3a", refresh: "refresh-token-in-the-clear-91c2"))
        try await store.saveRegistration(
            ClientRegistrationRecord(
                issuer: "https://as.example", clientID: "client-1", method: .dynamic,
                registrationAccessToken: "registration-token-in-the-clear-55d1"), key: "dynamic https://as.example")
        let dump = try await fixture.psql(
            "SELECT account, revision, encode(sealed, 'escape'), encode(sealed, 'hex') FROM oauthgen_sign_ins; "
                + "SELECT key, encode(sealed, 'escape'), encode(sealed, 'base64') FROM oauthgen_registrations")
        #expect(dump.contains(PostgresTokenStore.defaultAccount))
        #expect(dump.contains("dynamic https://as.example"))
        // Neither the tokens nor their hex or base64: the bytes are AES-GCM's. (Whole tokens only: a
        // four-character piece turns up by chance in random bytes' hex about once in thirty runs.)
        let secrets = [
            "access-token-in-the-clear-7f3a", "refresh-token-in-the-clear-91c2", "registration-token-in-the-clear-55d1",
        ]
        for secret in secrets {
            for form in [secret, Data(secret.utf8).map { String(format: "%02x", $0) }.joined(), "token-in-the-clear"] {
                #expect(!dump.contains(form), "\(form) in \(dump)")
            }
        }
        #expect(try await store.load()?.tokens.refreshToken == "refresh-token-in-the-clear-91c2")
        #expect(try await store.loadRegistration(key: "dynamic https://as.example")?.clientID == "client-1")
    }

    @Test func aRowSealedWithAnotherKeyOrMovedToAnotherAccountDoesNotOpen() async throws {
        let fixture = try await PostgresStoreFixture.make()
        let store = try fixture.store()
        defer { Task { await store.close() } }
        try await store.save(.tokens("AT-1"))
        let otherKey = try fixture.store(key: Data(repeating: 7, count: 32))
        defer { Task { await otherKey.close() } }
        await #expect(throws: PostgresStoreError.unreadableRow(table: "oauthgen_sign_ins", key: "default")) {
            try await otherKey.load()
        }
        // A writer with database rights copies the sealed row under another account's name.
        _ = try await fixture.psql(
            "INSERT INTO oauthgen_sign_ins (account, revision, sealed) SELECT 'victim', revision, sealed "
                + "FROM oauthgen_sign_ins WHERE account = 'default'")
        await #expect(throws: PostgresStoreError.unreadableRow(table: "oauthgen_sign_ins", key: "victim")) {
            try await store.forAccount("victim").load()
        }
        // A session reports that as a storage failure and keeps the row.
        let session = OAuthSession<DiscoveredProvider>(
            client: try OAuthClient<DiscoveredProvider>(configuration: PostgresTestConfiguration.oauth2()),
            store: store.forAccount("victim"))
        await #expect(throws: OAuthError.self) { try await session.currentSignIn() }
        #expect(try await fixture.psql("SELECT count(*) FROM oauthgen_sign_ins WHERE account = 'victim'") == "1\n")
    }

    /// The migration makes its tables as the database's owner, a role that is no superuser; a
    /// second store, and a second process, find them made.
    @Test func theMigrationNeedsNoMoreThanTheDatabasesOwner() async throws {
        let fixture = try await PostgresStoreFixture.make()
        #expect(
            try await fixture.psql(
                "SELECT rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = 'oauthgen_app'")
                == "f|f|f\n")
        let stores = try (0..<4).map { _ in try fixture.store() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask { try await store.forAccount("a\(index)").save(.tokens("AT-\(index)")) }
            }
            try await group.waitForAll()
        }
        for store in stores { await store.close() }
        let tables = try await fixture.psql(
            "SELECT tablename || ' ' || tableowner FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")
        #expect(
            tables == "oauthgen_locks oauthgen_app\noauthgen_registrations oauthgen_app\n"
                + "oauthgen_sign_ins oauthgen_app\noauthgen_store_schema oauthgen_app\n")
        _ = try await fixture.psql("INSERT INTO oauthgen_store_schema VALUES (3)")
        let later = try fixture.store()
        defer { Task { await later.close() } }
        await #expect(throws: PostgresStoreError.newerSchema(found: 3, known: 2)) { try await later.load() }
    }

    @Test func registrationsAreKeptApartAndRemoved() async throws {
        let fixture = try await PostgresStoreFixture.make()
        let store = try fixture.store()
        defer { Task { await store.close() } }
        let record = ClientRegistrationRecord(
            issuer: "https://as.example", clientID: "client-9", method: .dynamic,
            redirectURIs: [URL(string: "http://127.0.0.1/callback")!])
        try await store.saveRegistration(record, key: "k1")
        #expect(try await store.loadRegistration(key: "k1") == record)
        #expect(try await store.registrationKeys() == ["k1"])
        try await store.removeRegistration(key: "k1")
        #expect(try await store.loadRegistration(key: "k1") == nil)
        #expect(try await store.load() == nil)
    }
}
#endif
