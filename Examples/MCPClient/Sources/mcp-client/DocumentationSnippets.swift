// ProtectedResourceAuthorizer's and ProtectedResourceTransport's documentation and
// ConnectingToProtectedResources.md's MCP snippets, compiled with this example
// (DocumentationSnippetsTests holds the text equal).

import Foundation
import MCP
import OAuthMCP
import OAuthResources
import OAuthRuntime

func protectedResourceAuthorizerDocumentation(serverURL: URL, path: String) throws -> HTTPClientTransport {
    // snippet: ProtectedResourceAuthorizer
    let authorizer = ProtectedResourceAuthorizer(session: ProtectedResourceSession(
        resource: serverURL,
        signIn: BrowserSignIn(
            client: .dynamic(clientName: "My Agent"),
            redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
            userAgent: LoopbackUserAgent()),
        store: FileTokenStore(path: path)))
    let transport = HTTPClientTransport(endpoint: serverURL, authorizer: authorizer)
    // end snippet
    return transport
}

func yourFirstAgentDocumentation() async throws {
    // snippet: YourFirstAgent.md
    let serverURL = URL(string: CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8000/mcp")!
    let session = ProtectedResourceSession(
        resource: serverURL,
        signIn: BrowserSignIn(
            client: .dynamic(clientName: "My Agent"),
            redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
            userAgent: LoopbackUserAgent(
                browserCommand: ProcessInfo.processInfo.environment["BROWSER"].map { [$0] })),
        store: FileTokenStore(directory: "agent-store"),
        options: ClientOptions(allowInsecureLoopback: serverURL.scheme == "http"))
    let client = Client(name: "my-agent", version: "1.0")
    _ = try await client.connect(transport: try ProtectedResourceTransport(session: session))
    let (tools, _) = try await client.listTools()
    print("tools:", tools.map(\.name).joined(separator: ", "))
    let (content, isError) = try await client.callTool(name: "add", arguments: ["a": 40, "b": 2])
    for case .text(let text, _, _) in content { print(text) }
    await client.disconnect()
    if isError == true { exit(1) }
    // end snippet
}

func readmeAgentDocumentation() async throws -> ([Tool.Content], Bool?) {
    // snippet: README.md
    let session = ProtectedResourceSession(
        resource: URL(string: "http://127.0.0.1:8000/mcp")!,
        signIn: BrowserSignIn(
            client: .dynamic(clientName: "My Agent"),
            redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
            userAgent: LoopbackUserAgent()),
        store: FileTokenStore(directory: "agent-store"),
        options: ClientOptions(allowInsecureLoopback: true))  // http: only for a server on this machine
    let client = Client(name: "my-agent", version: "1.0")
    _ = try await client.connect(transport: try ProtectedResourceTransport(session: session))
    let (content, isError) = try await client.callTool(name: "add", arguments: ["a": 40, "b": 2])
    // end snippet
    return (content, isError)
}

func protectedResourceTransportDocumentation(serverURL: URL, path: String) async throws {
    // snippet: ProtectedResourceTransport
    let session = ProtectedResourceSession(
        resource: serverURL,
        signIn: BrowserSignIn(
            client: .dynamic(clientName: "My Agent"),
            redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
            userAgent: LoopbackUserAgent()),
        store: FileTokenStore(path: path))
    let client = Client(name: "my-agent", version: "1.0")
    _ = try await client.connect(transport: try ProtectedResourceTransport(session: session))
    // end snippet
}
