/// The header fields of MCP's streamable HTTP transport.
enum MCPHeader {
    static let sessionID = "Mcp-Session-Id"
    static let protocolVersion = "MCP-Protocol-Version"
}
