#if PostgreSQL
import Foundation
import Testing
import TestSupport

/// `oauthgen-login --store postgres://…`'s refusals: each one names what was wrong, exits 1, and
/// comes before anything is discovered, registered or sent.
@Suite struct LoginStoreOptionsTests {
    static func login(_ arguments: [String], in directory: URL) async throws -> ProcessRunner.Run {
        try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            ["--resource", "http://127.0.0.1:9/mcp", "--allow-insecure-loopback", "--timeout", "20"] + arguments,
            in: directory, environment: ["PGPASSWORD": "", "PGPASSFILE": "/dev/null"])
    }

    @Test func whatTheStoreCannotUseIsNamedBeforeAnythingIsSent() async throws {
        let directory = try makeTestDirectory("oauthgen-store-options")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("store.key").path
        _ = FileManager.default.createFile(
            atPath: key, contents: Data(count: 32), attributes: [.posixPermissions: 0o600])
        let loose = directory.appendingPathComponent("loose.key").path
        _ = FileManager.default.createFile(
            atPath: loose, contents: Data(count: 32), attributes: [.posixPermissions: 0o644])
        let typed = directory.appendingPathComponent("typed.key").path
        _ = FileManager.default.createFile(
            atPath: typed, contents: Data("correct horse battery staple 123".utf8),
            attributes: [.posixPermissions: 0o600])
        let cases: [(arguments: [String], expected: String, hidden: String?)] = [
            (["--store", "postgres://app:hunter2@127.0.0.1/db", "--store-key", key], "PGPASSWORD", "hunter2"),
            (["--store", "postgres://app@127.0.0.1/db"], "expected --store-key FILE with a postgres:// store", nil),
            (["--store", "postgres://app@127.0.0.1/db", "--store-key", loose], "mode 644, which others can read", nil),
            (
                ["--store", directory.appendingPathComponent("folder").path, "--store-key", key],
                "only with a postgres://", nil
            ),
            (
                ["--store", "postgres://app@127.0.0.1/db?sslmode=sometimes", "--store-key", key],
                "sslmode \"sometimes\"", nil
            ),
            (
                ["--store", "postgres://app@127.0.0.1/db", "--store-key", typed],
                "32 printable characters, a passphrase rather than a key", nil
            ),
        ]
        for (arguments, expected, hidden) in cases {
            let run = try await Self.login(arguments, in: directory)
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
            if let hidden { #expect(!run.stderr.contains(hidden) && !run.stdout.contains(hidden)) }
        }
    }
}
#endif
