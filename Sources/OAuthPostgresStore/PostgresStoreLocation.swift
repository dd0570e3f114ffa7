import Foundation

/// Where a PostgreSQL store is, read from a libpq connection URL
/// (`postgres://USER@HOST:PORT/DATABASE?sslmode=MODE`, PostgreSQL 15 §34.1.1): the user,
/// database and `sslmode` from the URL or else from `PGUSER`, `PGDATABASE` and `PGSSLMODE`, as
/// libpq reads them; the password from `PGPASSWORD` or a password file, never from the URL.
///
/// Unlike libpq, a server that is not on this machine is reached with `verify-full` unless the
/// URL says otherwise: libpq's `prefer` sends the password in clear to a server (or anyone on
/// the path) that refuses TLS. Modes without TLS first (`disable`, `allow`, `prefer`) are taken
/// off this machine only from the URL, never from `PGSSLMODE` or the default.
public struct PostgresStoreLocation: Sendable, Hashable, CustomStringConvertible {
    /// How the connection uses TLS: libpq's `sslmode` values (PostgreSQL 15 §34.19.1, table 34.1).
    public enum SSLMode: String, Sendable, Hashable, CaseIterable {
        /// No TLS.
        case disable
        /// Without TLS first; with TLS (not verified) if the server refuses that.
        case allow
        /// With TLS (not verified) if the server offers it, else without: libpq's default.
        case prefer
        /// TLS, or no connection. Verified as `verify-ca` when a root certificate is given, as
        /// libpq does when its root certificate file exists.
        case require
        /// TLS with a certificate a given root signed.
        case verifyCA = "verify-ca"
        /// TLS with a certificate a given root signed, for the host connected to.
        case verifyFull = "verify-full"
    }

    /// The server's host name or address.
    public var host: String
    /// The server's port: 5432 when the URL gives none.
    public var port: Int
    /// The role the store connects as.
    public var user: String
    /// The database holding the store's tables.
    public var database: String
    /// How the connection uses TLS.
    public var sslMode: SSLMode
    /// The root certificates (PEM) a `verify-ca` or `verify-full` connection trusts: `sslrootcert`,
    /// or `~/.postgresql/root.crt` when it exists.
    public var rootCertificatePath: String?
    /// The password file read when `PGPASSWORD` is not set: `passfile`, `PGPASSFILE` or `~/.pgpass`.
    public var passwordFilePath: String?
    /// The password, from `PGPASSWORD` or the password file's matching line; never printed.
    var password: String?

    /// Reads `url`, taking what it leaves out from `environment` as libpq does.
    ///
    /// - Throws: ``PostgresStoreError/passwordInLocation`` for a URL with a password,
    ///   ``PostgresStoreError/invalidLocation(_:)`` for anything else it cannot use.
    public init(
        url: String, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        throws(PostgresStoreError)
    {
        guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://"), let parts = URLComponents(string: url)
        else {
            // Only the scheme is shown: the rest of what was given may hold a password.
            let scheme = url.prefix { $0 != ":" }.prefix(20)
            throw .invalidLocation("a URL whose scheme is \"\(scheme)\", not postgres:// or postgresql://")
        }
        guard parts.password == nil else { throw .passwordInLocation }
        guard let host = parts.host, !host.isEmpty else {
            throw .invalidLocation("no host (a Unix socket is not supported: give HOST:PORT)")
        }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        port = parts.port ?? 5432
        guard let user = parts.user.flatMap({ $0.isEmpty ? nil : $0 }) ?? environment["PGUSER"] ?? environment["USER"]
        else { throw .invalidLocation("no user, and neither PGUSER nor USER is set") }
        self.user = user.removingPercentEncoding ?? user
        let path = String(parts.path.drop { $0 == "/" })
        database = path.isEmpty ? environment["PGDATABASE"] ?? self.user : (path.removingPercentEncoding ?? path)
        var query: [String: String] = [:]
        for item in parts.queryItems ?? [] { query[item.name] = item.value ?? "" }
        for name in query.keys where !Self.parameters.contains(name) {
            throw .invalidLocation(
                "the parameter \"\(name)\"; this store reads \(Self.parameters.sorted().joined(separator: ", "))")
        }
        let mode = query["sslmode"] ?? environment["PGSSLMODE"] ?? Self.defaultMode(host: self.host).rawValue
        guard let sslMode = SSLMode(rawValue: mode) else {
            throw .invalidLocation(
                "sslmode \"\(mode)\"; expected one of \(SSLMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        // Off loopback a mode without TLS first (libpq's default among them) hands the password
        // to whoever answers, or is on the path (issue 53, H4): only the URL may ask for one.
        if query["sslmode"] == nil, !Self.isLoopback(self.host), [.disable, .allow, .prefer].contains(sslMode) {
            throw .invalidLocation(
                "sslmode \(mode) from PGSSLMODE for \(self.host), which is not this machine: the password could go out without TLS; say sslmode=\(mode) in the URL to mean it, or use verify-full"
            )
        }
        self.sslMode = sslMode
        let home = environment["HOME"] ?? NSHomeDirectory()
        let defaultRoot = (home as NSString).appendingPathComponent(".postgresql/root.crt")
        rootCertificatePath =
            query["sslrootcert"] ?? environment["PGSSLROOTCERT"]
            ?? (FileManager.default.fileExists(atPath: defaultRoot) ? defaultRoot : nil)
        if (sslMode == .verifyCA || sslMode == .verifyFull) && rootCertificatePath == nil {
            throw .invalidLocation(
                "sslmode \(mode)\(query["sslmode"] == nil && environment["PGSSLMODE"] == nil ? " (the default off this machine)" : "") with no root certificate: give sslrootcert=FILE or ~/.postgresql/root.crt"
            )
        }
        // TLS names a server by host name only (RFC 6066 §3): swift-nio-ssl checks the certificate
        // against the name it sends, and sends none for an address, so verify-full would not
        // check the host at all there. Refused rather than weakened.
        if sslMode == .verifyFull, self.host.contains(":") || self.host.allSatisfy({ $0.isNumber || $0 == "." }) {
            throw .invalidLocation(
                "sslmode verify-full with the address \(self.host): give the host name the server's certificate names")
        }
        passwordFilePath =
            query["passfile"] ?? environment["PGPASSFILE"] ?? (home as NSString).appendingPathComponent(".pgpass")
        password =
            environment["PGPASSWORD"]
            ?? passwordFilePath.flatMap {
                PasswordFile.password(in: $0, host: self.host, port: port, database: database, user: self.user)
            }
    }

    /// The mode when neither the URL nor `PGSSLMODE` names one: libpq's `prefer` on this machine
    /// (127.0.0.0/8, `::1`, `localhost`), where nobody is on the path; `verify-full` elsewhere.
    static func defaultMode(host: String) -> SSLMode {
        isLoopback(host) ? .prefer : .verifyFull
    }

    /// Whether `host` names this machine.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || (host.hasPrefix("127.") && host.allSatisfy { $0.isNumber || $0 == "." })
    }

    /// The URL parameters this store reads; any other is refused rather than ignored.
    static let parameters: Set<String> = ["sslmode", "sslrootcert", "passfile"]

    /// Whether TLS is verified: against the root certificates, and for `verify-full` the host.
    var verifiesCertificate: Bool {
        sslMode == .verifyCA || sslMode == .verifyFull || (sslMode == .require && rootCertificatePath != nil)
    }

    /// The URL without a password, for messages and reports.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(shownHost):\(port)/\(database)?sslmode=\(sslMode.rawValue)"
    }

    /// Two locations are the same store when they name the same database as the same role.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.description == rhs.description && lhs.rootCertificatePath == rhs.rootCertificatePath
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
        hasher.combine(rootCertificatePath)
    }
}
