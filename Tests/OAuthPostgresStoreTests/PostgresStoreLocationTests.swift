import Foundation
@testable import OAuthPostgresStore
import Testing

/// The store's URL as libpq reads it (PostgreSQL 15 §34.1.1, §34.15, §34.16, §34.19.1).
@Suite struct PostgresStoreLocationTests {
    let environment = ["USER": "agent", "HOME": "/nonexistent"]

    @Test func theURLsPartsAndLibpqsDefaults() throws {
        let location = try PostgresStoreLocation(
            url: "postgres://app@127.0.0.1:6543/tokens", environment: environment)
        #expect(location.host == "127.0.0.1")
        #expect(location.port == 6543)
        #expect(location.user == "app")
        #expect(location.database == "tokens")
        // libpq's default on this machine: TLS if the server offers it.
        #expect(location.sslMode == .prefer)
        #expect(location.description == "postgres://app@127.0.0.1:6543/tokens?sslmode=prefer")
        let bare = try PostgresStoreLocation(url: "postgresql://localhost", environment: environment)
        #expect(bare.port == 5432)
        #expect(bare.user == "agent")
        #expect(bare.database == "agent")
        let fromEnvironment = try PostgresStoreLocation(
            url: "postgres://db.internal",
            environment: environment.merging(["PGUSER": "svc", "PGDATABASE": "fleet", "PGSSLMODE": "require"]) { $1 })
        #expect(fromEnvironment.user == "svc")
        #expect(fromEnvironment.database == "fleet")
        #expect(fromEnvironment.sslMode == .require)
    }

    @Test func aPasswordInTheURLIsRefused() {
        #expect(throws: PostgresStoreError.passwordInLocation) {
            try PostgresStoreLocation(url: "postgres://app:hunter2@db/tokens", environment: environment)
        }
        let message = PostgresStoreError.passwordInLocation.description
        #expect(!message.contains("hunter2"))
        #expect(message.contains("PGPASSWORD"))
    }

    @Test(arguments: [
        ("https://app:hunter2@db/tokens", "scheme is \"https\", not postgres://"),
        ("postgres:///tokens", "no host"),
        ("postgres://db/tokens?sslmode=sometimes", "sslmode \"sometimes\""),
        ("postgres://db/tokens?options=-c%20x", "the parameter \"options\""),
        ("postgres://db/tokens?sslmode=verify-full", "no root certificate"),
        ("postgres://10.0.0.7/tokens?sslmode=verify-full&sslrootcert=/r.pem", "verify-full with the address 10.0.0.7"),
    ])
    func whatItCannotUseIsNamed(url: String, expected: String) {
        do {
            _ = try PostgresStoreLocation(url: url, environment: environment)
            Issue.record("expected \(url) to be refused")
        } catch {
            #expect(error.description.contains(expected), "\(error)")
            #expect(!error.description.contains("hunter2"))
        }
    }

    @Test func thePasswordComesFromPGPASSWORDOrThePasswordFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-pgpass-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("pgpass").path
        let lines = "# comment\nother:5432:*:app:wrong\ndb:5432:tokens:app:p\\:ss\n*:*:*:*:fallback\n"
        _ = FileManager.default.createFile(
            atPath: file, contents: Data(lines.utf8), attributes: [.posixPermissions: 0o600])
        let url = "postgres://app@db:5432/tokens?sslmode=require&passfile=\(file)"
        #expect(try PostgresStoreLocation(url: url, environment: environment).password == "p:ss")
        #expect(
            try PostgresStoreLocation(url: url, environment: environment.merging(["PGPASSWORD": "env"]) { $1 }).password
                == "env")
        #expect(
            try PostgresStoreLocation(
                url: "postgres://app@elsewhere/x?sslmode=require&passfile=\(file)", environment: environment
            )
            .password == "fallback")
        // As libpq does, a password file others can read is not used.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        #expect(try PostgresStoreLocation(url: url, environment: environment).password == nil)
    }

    /// Issue 53, H4: libpq's `prefer` sends the password in clear to a server that refuses TLS.
    /// Off this machine the default is `verify-full`, and a mode without TLS first comes from the
    /// URL alone; on this machine libpq's default stays.
    @Test func offThisMachineTheDefaultIsVerifiedTLS() throws {
        do {
            _ = try PostgresStoreLocation(url: "postgres://app@db.internal/tokens", environment: environment)
            Issue.record("expected verify-full without a root certificate to be refused")
        } catch {
            #expect(
                error.description.hasSuffix(
                    "found sslmode verify-full (the default off this machine) with no root certificate: give sslrootcert=FILE or ~/.postgresql/root.crt"
                ), "\(error)")
        }
        let verified = try PostgresStoreLocation(
            url: "postgres://app@db.internal/tokens?sslrootcert=/etc/ssl/db-root.pem", environment: environment)
        #expect(verified.sslMode == .verifyFull && verified.verifiesCertificate)
        for mode in ["disable", "allow", "prefer"] {
            #expect(
                throws: PostgresStoreError.invalidLocation(
                    "sslmode \(mode) from PGSSLMODE for db.internal, which is not this machine: the password could go out without TLS; say sslmode=\(mode) in the URL to mean it, or use verify-full"
                )
            ) {
                try PostgresStoreLocation(
                    url: "postgres://app@db.internal/tokens",
                    environment: environment.merging(["PGSSLMODE": mode]) { $1 })
            }
            // Said in the URL, it is meant.
            #expect(
                try PostgresStoreLocation(url: "postgres://app@db.internal/t?sslmode=\(mode)", environment: environment)
                    .sslMode.rawValue == mode)
        }
        for host in ["127.0.0.1", "127.8.9.10", "localhost", "[::1]"] {
            #expect(
                try PostgresStoreLocation(url: "postgres://app@\(host)/t", environment: environment).sslMode == .prefer)
        }
    }

    /// Issue 53, H5: `dump` showed the password of a location and the key's bytes.
    @Test func reflectionShowsNoPasswordAndNoKey() throws {
        let location = try PostgresStoreLocation(
            url: "postgres://app@127.0.0.1/t", environment: environment.merging(["PGPASSWORD": "hunter2"]) { $1 })
        let key = try StoreEncryptionKey(bytes: Data(repeating: 0xA7, count: 32))
        var dumped = ""
        dump(location, to: &dumped)
        dump(key, to: &dumped)
        #if PostgreSQL
        dump(PostgresTokenStore(location: location, key: key), to: &dumped)
        #endif
        #expect(!dumped.contains("hunter2"), "\(dumped)")
        #expect(!dumped.contains("167") && !dumped.contains("a7") && !dumped.contains("A7"), "\(dumped)")
        #expect(dumped.contains("postgres://app@127.0.0.1:5432/t?sslmode=prefer"))
    }
}
