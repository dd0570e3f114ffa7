import Foundation

/// `Tests/Support/mcp-server/mcp_server.py` on 127.0.0.1: a real MCP server made with the Python
/// `mcp` SDK (streamable HTTP), protected by django-oauth-toolkit, with one tool, `add`. At the
/// SDK's defaults it answers POSTs with server-sent events; in JSON mode, with JSON.
public final class MCPTestServer {
    let process: Process
    /// Its port on 127.0.0.1.
    public let port: Int

    /// `http://127.0.0.1:<port>/mcp`: the MCP endpoint and the resource's identifier.
    public var endpoint: URL { URL(string: "http://127.0.0.1:\(port)/mcp")! }

    /// Starts one for `provider`, answering with server-sent events unless `jsonResponses`.
    public init(provider: DjangoProvider.Instance, jsonResponses: Bool = false) throws {
        (process, port) = try startPeer("mcp-server/mcp_server.py", named: "the MCP server", provider: provider,
                                        arguments: jsonResponses ? ["--json-response"] : [])
    }

    /// Stops the server.
    public func stop() {
        process.terminate()
    }
}
