import Foundation

/// A spec-minimal authorization server for confidential clients on the code flow
/// (`Tests/Support/confidential/authorization_server.py`): one token endpoint auth method,
/// open registration that answers with a per-instance secret, or a pre-registered client with a
/// secret; the authorization endpoint approves at once. An MCP server (the Python SDK's) takes
/// its tokens by introspection.
public final class ConfidentialPeer {
    /// The pre-registered confidential client.
    public static let clientID = "confidential-agent"
    /// Its secret.
    public static let secret = "confidential-secret-5e4d3c"
    /// The credentials the MCP server introspects with.
    static let introspection = (clientID: "mcp-server", secret: "mcp-introspection-7a6b5c")

    /// The authorization server's issuer.
    public let issuer: String
    let process: Process
    /// Where its configuration and log are.
    let directory: URL

    /// Starts it authenticating clients with `method` (`client_secret_basic` or
    /// `client_secret_post`); with `registration`, open RFC 7591 registration issuing secrets.
    public init(method: String, registration: Bool) throws {
        let python = try DjangoProvider.instance().python
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-confidential-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("authorization-server.json")
        let object: [String: Any] = [
            "method": method, "registration": registration,
            "clients": [
                [
                    "client_id": Self.clientID, "client_secret": Self.secret,
                    "redirect_uris": ["http://127.0.0.1/callback"],
                ]
            ],
            "introspection": ["client_id": Self.introspection.clientID, "client_secret": Self.introspection.secret],
            "log": directory.appendingPathComponent("authorization-server.log").path,
        ]
        try JSONSerialization.data(withJSONObject: object).write(to: configuration, options: .atomic)
        let (process, port) = try startScript(
            "confidential/authorization_server.py", named: "the confidential clients' authorization server",
            python: python, arguments: [configuration.path])
        self.process = process
        issuer = "http://127.0.0.1:\(port)"
    }

    /// An MCP server whose tokens come from this server.
    public func mcpServer() throws -> MCPTestServer {
        try MCPTestServer(
            authorizationServer: issuer, introspection: issuer + "/introspect", clientID: Self.introspection.clientID,
            secret: Self.introspection.secret)
    }

    /// The registration, authorization and token requests it received, in order (never a secret,
    /// code or token).
    public func requests() -> [[String: Any]] { MachinePeer.requests(in: directory) }

    /// Stops it and removes its files.
    public func stop() {
        process.end()
        try? FileManager.default.removeItem(at: directory)
    }
}
