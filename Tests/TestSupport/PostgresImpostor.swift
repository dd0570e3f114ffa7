import Foundation

/// A PostgreSQL impostor (`Tests/Support/postgres/impostor.py`): it refuses TLS and asks for the
/// password in clear, as a machine on the path to a database could (issue 53, H4). It listens on
/// the address a host name resolves to, so a store can reach it by a name that is not
/// `localhost` or a loopback literal, which the store treats as another machine.
public final class PostgresImpostor {
    /// What one connection did, as the impostor saw it.
    public struct Connection: Sendable, Equatable {
        /// Whether the client asked for TLS first (an SSLRequest).
        public var askedForTLS: Bool
        /// Whether it went on to a startup message after the refusal.
        public var startedUp: Bool
        /// Whether it sent a password message when asked for one in clear.
        public var passwordSent: Bool
    }

    /// The port it listens on.
    public let port: Int
    private let process: Process
    private let log: URL

    /// Starts one listening on `host`'s address.
    public init(host: String) throws {
        guard let python = ProcessRunner.which("python3") else {
            throw DjangoProvider.Unavailable(description: "expected python3 on the PATH, found none")
        }
        log = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-impostor-\(UUID().uuidString)")
        (process, port) = try startScript(
            "postgres/impostor.py", named: "the PostgreSQL impostor", python: python.path,
            arguments: [host, log.path])
    }

    /// The connections that ended, in order.
    public func connections() -> [Connection] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Bool] else {
                return nil
            }
            return Connection(
                askedForTLS: object["asked_for_tls"] ?? false, startedUp: object["started_up"] ?? false,
                passwordSent: object["password_sent"] ?? false)
        }
    }

    /// Stops it and removes its log.
    public func stop() {
        process.end()
        try? FileManager.default.removeItem(at: log)
    }
}
