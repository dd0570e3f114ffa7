#if PostgreSQL
import Foundation
import Logging
import NIOCore
import NIOSSL
@_spi(BuildingBlocks) import OAuthRuntime
import PostgresNIO

/// Opens connections to a store's database as its location says: TLS per `sslmode`, the
/// password never logged, each attempt bounded by the store's timeout.
struct PostgresStoreConnector: Sendable {
    let location: PostgresStoreLocation
    let timeout: Duration
    /// The app's logger, for the store's own lines about its connections.
    let logger: Logger

    /// postgres-nio logs nothing of the store's: no statement, no bound value, no server notice
    /// (at trace it prints each message, rows and authentication included).
    static let silent = Logger(label: "oauthgen.postgres-store", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The store's timeout as NIO counts time, for what waits on an event loop.
    var timeoutAmount: TimeAmount {
        .milliseconds(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
    }

    /// A new connection. `allow` tries without TLS first and `prefer` with TLS first, each
    /// falling back to the other as libpq does; `require` and the verifying modes never fall back.
    func connect() async throws -> PostgresConnection {
        switch location.sslMode {
        case .disable: return try await connect(tls: .disable)
        case .allow:
            do {
                return try await connect(tls: .disable)
            } catch PostgresStoreError.connectionFailed {
                return try await connect(tls: .require(try context()))
            }
        case .prefer: return try await connect(tls: .prefer(try context()))
        case .require, .verifyCA, .verifyFull: return try await connect(tls: .require(try context()))
        }
    }

    private func connect(tls: PostgresConnection.Configuration.TLS) async throws -> PostgresConnection {
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: tls)
        configuration.options.connectTimeout = timeoutAmount
        if location.sslMode == .verifyFull { configuration.options.tlsServerName = location.host }
        let configured = configuration
        var logger = logger
        logger[metadataKey: "db.system.name"] = "postgresql"
        logger[metadataKey: OAuthTelemetryKey.serverAddress.rawValue] = .string(location.host)
        logger[metadataKey: OAuthTelemetryKey.serverPort.rawValue] = .string(String(location.port))
        logger[metadataKey: "db.namespace"] = .string(location.database)
        logger[metadataKey: "db.sslmode"] = .string(location.sslMode.rawValue)
        let started = ContinuousClock.now
        logger.debug("connecting to PostgreSQL")
        do {
            // A connection made after the deadline is closed, not dropped open.
            let late: @Sendable (PostgresConnection) -> Void = { $0.closeEventually() }
            let connection = try await PostgresStoreDeadline.run(within: timeout, "a connection", dropping: late) {
                try await PostgresConnection.connect(configuration: configured, id: 0, logger: Self.silent)
            }
            logger.debug(
                "connected to PostgreSQL",
                metadata: [
                    OAuthTelemetryKey.durationMilliseconds.rawValue: .string(
                        (ContinuousClock.now - started).milliseconds)
                ])
            return connection
        } catch {
            let failure = connectionFailure(error)
            logger.notice("could not connect to PostgreSQL", metadata: ["error": "\(failure)"])
            throw failure
        }
    }

    /// What a failed connection throws.
    private func connectionFailure(_ error: any Error) -> any Error {
        Self.storeError(error) { reason in
            // The refusal of TLS names the mode that required it: postgres-nio's code alone
            // does not say that nothing was sent.
            let refusedTLS = (error as? PSQLError)?.code == .sslUnsupported
            return .connectionFailed(
                host: location.host, port: location.port,
                reason: refusedTLS
                    ? "the server refused TLS, which sslmode \(location.sslMode.rawValue) requires; nothing more was sent, the password included"
                    : reason)
        }
    }

    /// TLS for the mode: no verification for `prefer`, `allow` and a `require` without a root
    /// certificate (what libpq does: encryption against a passive reader only); the root
    /// certificate's chain for `verify-ca` (and such a `require`), and the host too for `verify-full`.
    private func context() throws -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        if location.verifiesCertificate, let root = location.rootCertificatePath {
            tls.trustRoots = .file(root)
            tls.certificateVerification = location.sslMode == .verifyFull ? .fullVerification : .noHostnameVerification
        } else {
            tls.certificateVerification = .none
        }
        do {
            return try NIOSSLContext(configuration: tls)
        } catch {
            throw PostgresStoreError.connectionFailed(
                host: location.host, port: location.port, reason: "TLS could not be set up: \(error)")
        }
    }

    /// `error` as the store reports it: its own errors and a cancellation as they are, anything
    /// else (postgres-nio's, NIO's) as `failure` with the reason in words.
    static func storeError(_ error: any Error, _ failure: (String) -> PostgresStoreError) -> any Error {
        switch error {
        case let error as PostgresStoreError: error
        case is CancellationError: CancellationError()
        default: failure(reason(error))
        }
    }

    /// What went wrong, in the server's words where it gave some: postgres-nio's own
    /// description is deliberately generic. A server message never holds a bound value here:
    /// the store's statements fail on their shape, not on their data.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: error) }
        if error.code == .authMechanismRequiresPassword {
            return
                "the server asks for a password, and none was given: set PGPASSWORD, or add a line for this host to ~/.pgpass (or the file PGPASSFILE names)"
        }
        if let message = error.serverInfo?[.message] {
            return "\(message) (SQLSTATE \(error.serverInfo?[.sqlState] ?? "?"))"
        }
        if let underlying = error.underlying { return "\(error.code): \(underlying)" }
        return "\(error.code)"
    }
}
#endif
