import Foundation

/// Debian's PostgreSQL on 127.0.0.1 for the benchmark, from the tests' launcher
/// (`Tests/Support/postgres/server.py`: initdb in a temporary folder, a free port, stopped by PID
/// when this process stops it or exits).
final class BenchmarkPostgres {
    let process = Process()
    let port: Int
    let appUser: String
    let appPassword: String
    let adminUser: String
    let adminPassword: String

    init() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("Tests/Support/postgres/server.py").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any],
            let port = object["port"] as? Int
        else { throw CocoaError(.fileReadCorruptFile) }
        self.port = port
        appUser = object["app_user"] as? String ?? ""
        appPassword = object["app_password"] as? String ?? ""
        adminUser = object["admin_user"] as? String ?? ""
        adminPassword = object["admin_password"] as? String ?? ""
    }

    /// What the store reads its password from.
    var environment: [String: String] { ["PGPASSWORD": appPassword, "PGPASSFILE": "/dev/null", "USER": appUser] }

    /// A new database owned by the store's role, and its URL.
    func makeDatabase() throws -> String {
        let name = "bench_\(UUID().uuidString.prefix(8).lowercased())"
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        psql.arguments = [
            "-h", "127.0.0.1", "-p", String(port), "-U", adminUser, "-d", "postgres", "-qAt", "-c",
            "CREATE DATABASE \(name) OWNER \(appUser)",
        ]
        psql.environment = ["PGPASSWORD": adminPassword, "PGSSLMODE": "disable", "PATH": "/usr/bin:/bin"]
        try psql.run()
        psql.waitUntilExit()
        return "postgres://\(appUser)@127.0.0.1:\(port)/\(name)?sslmode=disable"
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
