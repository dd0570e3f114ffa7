import Foundation

/// `Tests/Support/mcp-server/mcp_server.py` on 127.0.0.1: a real MCP server made with the Python
/// `mcp` SDK (streamable HTTP), protected by django-oauth-toolkit, with one tool, `add`. At the
/// SDK's defaults it answers POSTs with server-sent events; in JSON mode, with JSON.
public final class MCPTestServer {
    let process: Process
    /// Its tools, as tools/list names them.
    public static let tools = ["add", "count", "announce", "refuse"]

    /// Its port on 127.0.0.1.
    public let port: Int

    /// `http://127.0.0.1:<port>/mcp`: the MCP endpoint and the resource's identifier.
    public var endpoint: URL { URL(string: "http://127.0.0.1:\(port)/mcp")! }

    /// Where the server notes each request's token (a hash prefix), when asked to.
    public let tokenLog: URL?

    /// Starts one for `provider`, answering with server-sent events unless `jsonResponses`;
    /// with `logsTokens`, noting the token of each request in ``tokenLog``; with `eventStore`,
    /// numbering and keeping its events so a dropped stream can be resumed.
    public init(
        provider: DjangoProvider.Instance, jsonResponses: Bool = false, logsTokens: Bool = false,
        eventStore: Bool = false
    ) throws {
        let log =
            logsTokens
            ? FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-mcp-tokens-\(UUID().uuidString)")
            : nil
        tokenLog = log
        (process, port) = try startPeer(
            "mcp-server/mcp_server.py", named: "the MCP server", provider: provider,
            arguments: (jsonResponses ? ["--json-response"] : []) + (log.map { ["--token-log", $0.path] } ?? [])
                + (eventStore ? ["--event-store"] : []))
    }

    /// The distinct tokens that reached the server so far (``tokenLog``'s distinct lines).
    public func distinctTokens() -> Set<String> {
        guard let tokenLog, let text = try? String(contentsOf: tokenLog, encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").map(String.init))
    }

    /// Starts one whose tokens come from `authorizationServer`, checked at `introspection` with
    /// these credentials (an enterprise peer's, ``EnterprisePeers/mcpServer(jsonResponses:)``).
    public init(
        authorizationServer: String, introspection: String, clientID: String, secret: String,
        jsonResponses: Bool = false, eventStore: Bool = false
    ) throws {
        tokenLog = nil
        (process, port) = try startScript(
            "mcp-server/mcp_server.py", named: "the MCP server", python: try DjangoProvider.instance().python,
            arguments: [authorizationServer, introspection, clientID, secret]
                + (jsonResponses ? ["--json-response"] : []) + (eventStore ? ["--event-store"] : []))
    }

    /// Stops the server.
    public func stop() {
        process.end()
        if let tokenLog { try? FileManager.default.removeItem(at: tokenLog) }
    }
}
