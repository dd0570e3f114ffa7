import Foundation
import MCP
import OAuthMCP
@_spi(BuildingBlocks) import OAuthRuntime

@_spi(BuildingBlocks) import OAuthResources
// --mcp, --call: the resource is an MCP server, spoken to as an agent would, through the MCP
// Swift SDK's client over oauthgen's transport (JSON or server-sent-event answers).
extension OAuthGenLogin {
    /// What the MCP server answered: its tools, or the called tool's text.
    struct MCPOutcome {
        var tools: [String]?
        var result: [String]?
        var isError = false
    }

    func speakMCP(through session: ProtectedResourceSession) async throws(OAuthError) -> MCPOutcome {
        var toolArguments: [String: Value] = [:]
        if resourceOptions.call != nil {
            guard
                let decoded = try? JSONDecoder().decode(
                    [String: Value].self, from: Data(resourceOptions.arguments.utf8))
            else {
                throw OAuthError(
                    .invalidConfiguration,
                    "expected --arguments to be a JSON object, found \(resourceOptions.arguments)")
            }
            toolArguments = decoded
        }
        let client = Client(name: "oauthgen-login", version: "1.0")
        do {
            _ = try await client.connect(transport: try ProtectedResourceTransport(session: session))
            let outcome: MCPOutcome
            if let call = resourceOptions.call {
                let (content, isError) = try await client.callTool(name: call, arguments: toolArguments)
                outcome = MCPOutcome(result: content.map(ToolOutput.text), isError: isError == true)
            } else {
                outcome = MCPOutcome(tools: try await client.listTools().tools.map(\.name))
            }
            // Ends the MCP session at the server (a DELETE with its session ID).
            await client.disconnect()
            return outcome
        } catch {
            throw OAuthError.mcpExchange(error)
        }
    }
}
