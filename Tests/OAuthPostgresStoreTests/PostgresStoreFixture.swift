#if PostgreSQL
import Foundation
import Logging
@_spi(BuildingBlocks) import OAuthRuntime
import OAuthPostgresStore
import TestSupport

/// A new database on the test server, owned by the store's role, and a store on it.
struct PostgresStoreFixture {
    let server: PostgresServer.Instance
    let url: String
    let database: String
    let keyBytes: Data

    private init(server: PostgresServer.Instance, url: String) {
        self.server = server
        self.url = url
        database = String(URLComponents(string: url)!.path.dropFirst())
        keyBytes = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
    }

    /// A new database on `server` (the TLS one by default), its URL asking for `sslMode`.
    static func make(server: PostgresServer.Instance? = nil, sslMode: String = "disable") async throws -> Self {
        let chosen: PostgresServer.Instance
        if let server { chosen = server } else { chosen = try await PostgresServer.instance() }
        return Self(server: chosen, url: try await chosen.makeDatabase(sslMode: sslMode))
    }

    /// A store on the database, as a process with the role's password in PGPASSWORD would open it.
    func store(
        url: String? = nil, key: Data? = nil, timeout: Duration = .seconds(15),
        logger: Logger = OAuthTelemetry.silentLogger
    ) throws -> PostgresTokenStore {
        PostgresTokenStore(
            location: try PostgresStoreLocation(
                url: url ?? self.url,
                environment: ProcessInfo.processInfo.environment.merging(server.appEnvironment) { $1 }),
            key: try StoreEncryptionKey(bytes: key ?? keyBytes), timeout: timeout, logger: logger)
    }

    /// `sql` run by psql as the superuser in this database.
    func psql(_ sql: String) async throws -> String {
        try await server.psql(sql, database: database)
    }

    /// The key in a 0600 file in `directory`, for the tools' `--store-key`.
    func writeKey(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("store.key").path
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(keyBytes.base64EncodedString().utf8), attributes: [.posixPermissions: 0o600])
        return path
    }
}

extension SignInRecord {
    /// A sign-in with these tokens and no ID token.
    static func tokens(_ access: String, refresh: String? = nil, expiresIn: TimeInterval = 3600) -> SignInRecord {
        SignInRecord(
            tokens: TokenSet(
                accessToken: access, expiresAt: Date(timeIntervalSinceNow: expiresIn), refreshToken: refresh),
            idToken: nil)
    }
}
#endif

#if PostgreSQL
/// A provider configuration for sessions on the store: OAuth 2.0, its token endpoint given.
enum PostgresTestConfiguration {
    static func oauth2(token: URL = URL(string: "https://as.example/token")!) -> ProviderConfiguration {
        ProviderConfiguration(
            issuer: "https://as.example",
            endpoints: ProviderEndpoints(authorization: URL(string: "https://as.example/authorize")!, token: token),
            metadata: ProviderMetadata(kind: .oauth2),
            client: ClientRegistration(clientID: "store-tests", redirectURIs: [URL(string: "http://127.0.0.1/cb")!]))
    }
}
#endif
