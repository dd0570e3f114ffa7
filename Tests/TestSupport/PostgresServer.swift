import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PostgreSQL from Debian's package on 127.0.0.1 (`Tests/Support/postgres/server.py`): initdb into
/// a temporary folder, a free port, stopped by its PID when the test process exits (or by itself
/// if the test process dies first). The store connects as `oauthgen_app`, a role with a password
/// that owns the databases the tests make and is no superuser; the setup runs `psql` as the
/// superuser the server was made with.
public enum PostgresServer {
    public struct Instance: Sendable {
        public var port: Int
        public var appUser: String
        public var appPassword: String
        public var adminUser: String
        public var adminPassword: String
        public var socketDirectory: String
        /// The server's self-signed certificate (PEM), with `--tls`.
        public var certificate: String?

        /// A new database owned by the store's role, and its `postgres://` URL (no password).
        public func makeDatabase(_ prefix: String = "store", sslMode: String = "disable") async throws -> String {
            let name = "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())"
            _ = try await psql("CREATE DATABASE \(name) OWNER \(appUser)")
            return "postgres://\(appUser)@127.0.0.1:\(port)/\(name)?sslmode=\(sslMode)"
        }

        /// What `psql` prints (unaligned, tuples only) for `sql`, run as the superuser in
        /// `database`, over TCP with the superuser's password in the environment. Waited for on a
        /// dispatch thread, not one of Swift's two cooperative ones.
        public func psql(_ sql: String, database: String = "postgres") async throws -> String {
            let run = try await ProcessRunner.runDetached(
                URL(fileURLWithPath: "/usr/bin/psql"),
                [
                    "-h", "127.0.0.1", "-p", String(port), "-U", adminUser, "-d", database, "-v", "ON_ERROR_STOP=1",
                    "-qAt", "-c", sql,
                ], environment: ["PGPASSWORD": adminPassword, "PGSSLMODE": "disable"])
            guard run.status == 0 else {
                throw DjangoProvider.Unavailable(description: "psql failed (\(run.status)): \(run.stderr)")
            }
            return run.stdout
        }

        /// The environment a store's process needs: the role's password, and no password file.
        public var appEnvironment: [String: String] { ["PGPASSWORD": appPassword, "PGPASSFILE": "/dev/null"] }
    }

    /// A server with TLS (a self-signed certificate for 127.0.0.1), started on first use.
    public static let shared: Result<Instance, DjangoProvider.Unavailable> = start(tls: true)
    /// A server without TLS, for `sslmode=require` refused; started on first use.
    public static let plain: Result<Instance, DjangoProvider.Unavailable> = start(tls: false)

    /// Whether PostgreSQL could be started; with OAUTHGEN_REQUIRE_PROVIDER=1 (as CI sets) the
    /// tests run and fail instead of being disabled.
    public static var isAvailable: Bool {
        if case .success = shared { return true }
        if ProcessInfo.processInfo.environment["OAUTHGEN_REQUIRE_PROVIDER"] == "1" { return true }
        if case .failure(let error) = shared {
            SkippedPeers.note(peer: "PostgreSQL", reason: "\(error.description) (.ci/run installs Debian's postgresql)")
        }
        return false
    }

    /// ``isAvailable`` off Swift's cooperative pool, for suites' `.enabled { }` conditions.
    public static func isAvailableOffPool() async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: isAvailable) }
        }
    }

    /// ``shared`` or ``plain``, started (initdb: seconds) on a dispatch thread: a test that
    /// started one on a cooperative thread starved the others' timers under the full suite.
    public static func instance(tls: Bool = true) async throws -> Instance {
        let started = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: tls ? shared : plain) }
        }
        return try started.get()
    }

    private static func start(tls: Bool) -> Result<Instance, DjangoProvider.Unavailable> {
        let script = ProcessRunner.packageRoot.appendingPathComponent("Tests/Support/postgres/server.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + (tls ? ["--tls"] : [])
        let output: Pipe
        do {
            output = try process.launchReadingOutput()
        } catch {
            return .failure(DjangoProvider.Unavailable(description: "python3 could not start: \(error)"))
        }
        serverPIDs.append(process.processIdentifier)
        atexit { for pid in serverPIDs.all { kill(pid, SIGTERM) } }
        let line = ProcessRunner.firstLine(output)
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
            let port = object["port"] as? Int
        else {
            return .failure(
                DjangoProvider.Unavailable(
                    description: "PostgreSQL did not start (Debian's postgresql installed?): "
                        + String(decoding: line, as: UTF8.self)))
        }
        return .success(
            Instance(
                port: port, appUser: object["app_user"] as? String ?? "",
                appPassword: object["app_password"] as? String ?? "",
                adminUser: object["admin_user"] as? String ?? "",
                adminPassword: object["admin_password"] as? String ?? "",
                socketDirectory: object["socket_directory"] as? String ?? "",
                certificate: object["certificate"] as? String))
    }
}

/// The launchers' PIDs, for the `atexit` handler that stops them.
private let serverPIDs = LockedList<pid_t>()
