import Foundation

/// `Tests/Support/mcp-server/mcp_server.py` on 127.0.0.1: a real MCP server made with the Python
/// `mcp` SDK (streamable HTTP), protected by django-oauth-toolkit, with one tool, `add`.
public final class MCPTestServer {
    let process: Process
    /// Its port on 127.0.0.1.
    public let port: Int

    /// `http://127.0.0.1:<port>/mcp`: the MCP endpoint and the resource's identifier.
    public var endpoint: URL { URL(string: "http://127.0.0.1:\(port)/mcp")! }

    /// Starts one for `provider`.
    public init(provider: DjangoProvider.Instance) throws {
        (process, port) = try startPeer("mcp-server/mcp_server.py", named: "the MCP server", provider: provider, arguments: [])
    }

    /// Stops the server.
    public func stop() {
        process.terminate()
    }
}
