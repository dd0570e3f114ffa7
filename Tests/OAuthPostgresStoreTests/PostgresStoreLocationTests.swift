import Foundation
@testable import OAuthPostgresStore
import Testing

/// The store's URL as libpq reads it (PostgreSQL 15 §34.1.1, §34.15, §34.16, §34.19.1).
@Suite struct PostgresStoreLocationTests {
    let environment = ["USER": "agent", "HOME": "/nonexistent"]

    @Test func theURLsPartsAndLibpqsDefaults() throws {
        let location = try PostgresStoreLocation(
            url: "postgres://app@db.internal:6543/tokens", environment: environment)
        #expect(location.host == "db.internal")
        #expect(location.port == 6543)
        #expect(location.user == "app")
        #expect(location.database == "tokens")
        // libpq's default: TLS if the server offers it.
        #expect(location.sslMode == .prefer)
        #expect(location.description == "postgres://app@db.internal:6543/tokens?sslmode=prefer")
        let bare = try PostgresStoreLocation(url: "postgresql://db.internal", environment: environment)
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
        let url = "postgres://app@db:5432/tokens?passfile=\(file)"
        #expect(try PostgresStoreLocation(url: url, environment: environment).password == "p:ss")
        #expect(
            try PostgresStoreLocation(url: url, environment: environment.merging(["PGPASSWORD": "env"]) { $1 }).password
                == "env")
        #expect(
            try PostgresStoreLocation(url: "postgres://app@elsewhere/x?passfile=\(file)", environment: environment)
                .password == "fallback")
        // As libpq does, a password file others can read is not used.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        #expect(try PostgresStoreLocation(url: url, environment: environment).password == nil)
    }
}
