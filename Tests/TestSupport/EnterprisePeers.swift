import Foundation

/// The two peers of enterprise-managed authorization on 127.0.0.1, from
/// `Tests/Support/enterprise`: the company's identity provider (idpyoidc, issuing ID tokens, RFC
/// 8693 exchanges and ID-JAGs) and an MCP server's authorization server (authlib's ID-JAG grant
/// and client authentication, with introspection). Each logs the parameter names and values of the
/// token requests it gets (never a token, code, secret or assertion), for wire checks.
public final class EnterprisePeers {
    /// The client of the identity provider: the app's, with a secret.
    public static let identityClientID = "agent"
    /// Its secret.
    public static let identitySecret = "agent-secret-6f0c1d2e"
    /// The client at the authorization server the ID-JAG names (the draft's `client_id` claim).
    public static let serverClientID = "mcp-agent"
    /// Its secret.
    public static let serverSecret = "mcp-agent-secret-5a4b3c2d"
    /// The credentials the MCP server introspects with.
    public static let introspection = (clientID: "mcp-server", secret: "mcp-introspection-9e8d7c")

    /// The identity provider's issuer.
    public let identityProvider: String
    /// The authorization server's issuer.
    public let authorizationServer: String
    let processes: [Process]
    let directory: URL
    /// The identity provider's configuration, rewritten by ``allow(resources:)``.
    let identityConfiguration: URL

    /// Whether the venv's Python has both packages (Scripts/test.sh installs them); with
    /// OAUTHGEN_REQUIRE_PROVIDER=1 the suites run, and fail, without them.
    public static var isAvailable: Bool {
        guard DjangoProvider.isAvailable, let python = try? DjangoProvider.instance().python else { return false }
        if ProcessInfo.processInfo.environment["OAUTHGEN_REQUIRE_PROVIDER"] == "1" { return true }
        let probe = try? DjangoProvider.run(python, ["-c", "import authlib.oauth2.drafts.id_jag, idpyoidc.server"])
        if probe?.status == 0 { return true }
        SkippedPeers.note(
            peer: "idpyoidc and authlib", reason: "the venv's Python cannot import them (Scripts/test.sh installs them)"
        )
        return false
    }

    /// ``isAvailable`` off Swift's cooperative pool, for a suite's `.enabled { }` condition.
    public static func isAvailableOffPool() async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: isAvailable) }
        }
    }

    /// Starts both. With `identityClientJWKS` or `serverClientJWKS` (a JWKS of public keys), that
    /// client authenticates with `private_key_jwt` instead of its secret.
    /// `accessTokenLifetimes` is how long the authorization server's tokens live, in seconds: the
    /// first token, the second, ..., the last one repeating. `advertises` is how the authorization
    /// server's metadata says it redeems ID-JAGs: `"profile"` (`authorization_grant_profiles_supported`),
    /// `"grant_types"` (`grant_types_supported`), both or neither; `"scopes"` adds the optional
    /// `scopes_supported`. It lists no authorization endpoint and no PKCE member whatever it
    /// advertises. (Its `token_endpoint_auth_methods_supported` and signing algorithms stay: RFC
    /// 8414 §2 makes a client that authenticates with `private_key_jwt` need them listed.)
    /// `secretMethods` are the ways the server takes a client secret, and all its metadata lists
    /// for secrets. The identity provider's ID tokens live `idTokenLifetime` seconds, and a
    /// refresh there mints a new one only with `refreshRenewsIDToken`. With
    /// `clientMetadataDocuments` the authorization server also takes a Client ID Metadata
    /// Document's URL as client ID.
    public init(
        identityClientJWKS: [String: Any]? = nil, serverClientJWKS: [String: Any]? = nil,
        accessTokenLifetimes: [Int] = [3600],
        advertises: [String] = ["profile"], secretMethods: [String] = ["client_secret_basic", "client_secret_post"],
        idTokenLifetime: Int = 3600, refreshRenewsIDToken: Bool = false, clientMetadataDocuments: Bool = false
    ) throws {
        let python = try DjangoProvider.instance().python
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-enterprise-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var identityClient: [String: Any] = [
            "client_id": Self.identityClientID, "redirect_uris": ["http://127.0.0.1/callback"],
        ]
        if let identityClientJWKS {
            identityClient["jwks"] = identityClientJWKS
        } else {
            identityClient["client_secret"] = Self.identitySecret
        }
        identityConfiguration = directory.appendingPathComponent("identity-provider.json")
        try Self.write(
            [
                "clients": [identityClient], "id_jag": [String: Any](),
                "log": directory.appendingPathComponent("identity-provider.log").path,
                "id_token_lifetime": idTokenLifetime, "refresh_renews_id_token": refreshRenewsIDToken,
            ],
            to: identityConfiguration)
        let (identity, identityPort) = try Self.start(
            "identity_provider.py", python: python, configuration: identityConfiguration)
        identityProvider = "http://127.0.0.1:\(identityPort)"
        var serverClient: [String: Any] = ["client_id": Self.serverClientID]
        if let serverClientJWKS {
            serverClient["jwks"] = serverClientJWKS
        } else {
            serverClient["client_secret"] = Self.serverSecret
        }
        let serverConfiguration = directory.appendingPathComponent("authorization-server.json")
        try Self.write(
            [
                "identity_provider": identityProvider, "clients": [serverClient],
                "introspection": [
                    "client_id": Self.introspection.clientID, "client_secret": Self.introspection.secret,
                ],
                "log": directory.appendingPathComponent("authorization-server.log").path,
                "expires_in": accessTokenLifetimes, "advertises": advertises,
                "secret_methods": secretMethods, "client_id_metadata_documents": clientMetadataDocuments,
            ],
            to: serverConfiguration)
        do {
            let (server, serverPort) = try Self.start(
                "authorization_server.py", python: python, configuration: serverConfiguration)
            authorizationServer = "http://127.0.0.1:\(serverPort)"
            processes = [identity, server]
        } catch {
            identity.end()
            throw error
        }
    }

    /// The identity provider's policy: it issues ID-JAGs for the authorization server, naming
    /// ``serverClientID``, for these resources only.
    public func allow(resources: [String], clientID: String = EnterprisePeers.serverClientID) throws {
        var configuration =
            try JSONSerialization.jsonObject(with: Data(contentsOf: identityConfiguration)) as? [String: Any] ?? [:]
        configuration["id_jag"] = [authorizationServer: ["client_id": clientID, "resources": resources]]
        try Self.write(configuration, to: identityConfiguration)
    }

    /// An MCP server (the Python SDK's) whose tokens come from this authorization server, checked
    /// by introspection there.
    public func mcpServer(jsonResponses: Bool = false) throws -> MCPTestServer {
        try MCPTestServer(
            authorizationServer: authorizationServer, introspection: authorizationServer + "/introspect",
            clientID: Self.introspection.clientID, secret: Self.introspection.secret, jsonResponses: jsonResponses)
    }

    /// The token requests the identity provider received, in order.
    public func identityProviderRequests() -> [[String: Any]] { requests(in: "identity-provider.log") }

    /// The token requests the authorization server received, in order.
    public func authorizationServerRequests() -> [[String: Any]] { requests(in: "authorization-server.log") }

    /// Stops both and removes their files.
    public func stop() {
        for process in processes { process.end() }
        try? FileManager.default.removeItem(at: directory)
    }

    private func requests(in name: String) -> [[String: Any]] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    private static func write(_ object: [String: Any], to file: URL) throws {
        try JSONSerialization.data(withJSONObject: object).write(to: file, options: .atomic)
    }

    private static func start(_ script: String, python: String, configuration: URL) throws -> (Process, Int) {
        try startScript("enterprise/\(script)", named: script, python: python, arguments: [configuration.path])
    }
}
