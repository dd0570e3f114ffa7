import ArgumentParser
import Foundation
import MCP
import OAuthMCP
import OAuthRuntime

/// Calls one tool on an MCP server, signing in as an MCP client does: the server's 401 names
/// its metadata, the client registers itself (or uses --client-id), the browser signs in on a
/// loopback redirect, and the token is bound to the server.
@main
struct MCPClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp-client",
        abstract: "Call a tool on an MCP server, signed in with oauthgen.",
        discussion: """
            Examples:
              mcp-client https://mcp.example.com/mcp --call search --arguments '{"query": "oauth"}'
              mcp-client http://127.0.0.1:8000/mcp --allow-insecure-loopback --call add --arguments '{"a": 1, "b": 2}'
              mcp-client https://mcp.example.com/mcp --call search --identity-provider https://idp.example.com \\
                  --identity-client-id agent --client-id mcp-agent --client-key agent-key.pem --store ~/.mcp
            """)

    @Argument(help: "The MCP server's URL (its streamable HTTP endpoint).")
    var server: String

    @Option(help: "The tool to call.")
    var call: String

    @Option(help: ArgumentHelp("The tool's arguments, as a JSON object.", valueName: "json"))
    var arguments: String = "{}"

    @Option(help: "A client ID registered with the server's authorization server, or an https URL of a Client ID Metadata Document; left out, the client registers itself.")
    var clientID: String?

    @Option(help: ArgumentHelp("""
        The company's identity provider (its issuer): sign in there once, then reach the server with an \
        ID-JAG (enterprise-managed authorization) instead of a browser. Needs --identity-client-id, and \
        --client-id with --client-secret or --client-key at the server's authorization server.
        """, valueName: "issuer"))
    var identityProvider: String?

    @Option(help: "With --identity-provider: the client ID registered there.")
    var identityClientID: String?

    @Option(help: "With --identity-provider: that client's secret, where it requires one.")
    var identityClientSecret: String?

    @Option(help: "With --identity-provider: the secret of --client-id at the server's authorization server.")
    var clientSecret: String?

    @Option(help: ArgumentHelp("With --identity-provider: a PEM private key (0600) for --client-id's private_key_jwt.", valueName: "file"))
    var clientKey: String?

    @Option(help: ArgumentHelp("Keep the sign-in and the registration in FILE (0600) for the next run.", valueName: "file"))
    var store: String?

    @Option(help: ArgumentHelp("A command that opens the sign-in URL (split like a shell would; the URL is appended).", valueName: "cmd"))
    var browserCommand: String?

    @Flag(help: "Allow http on 127.0.0.1 or [::1] (local servers only).")
    var allowInsecureLoopback = false

    @Flag(help: ArgumentHelp("""
        Use the MCP SDK's own HTTPClientTransport (with ProtectedResourceAuthorizer) instead of \
        oauthgen's transport. It cannot read server-sent events on Linux (ask the server for JSON \
        answers), follows redirects with the token, and cannot send DPoP proofs.
        """))
    var sdkTransport = false

    @Option(help: "Seconds each request may take, the server's answer included.")
    var timeout: Double = 120

    func run() async throws {
        guard let url = URL(string: server), url.host != nil else { throw ValidationError("expected the server's URL, found \(server)") }
        guard let data = arguments.data(using: .utf8), let toolArguments = try? JSONDecoder().decode([String: Value].self, from: data) else {
            throw ValidationError("expected --arguments to be a JSON object, found \(arguments)")
        }
        let fileStore = store.map { FileTokenStore(path: $0) }
        let userAgent = try LoopbackUserAgent(browserCommandLine: browserCommand)
        let identity: ProtectedResourceSession.ClientIdentity
        if let identityProvider {
            identity = .enterprise(try await enterpriseIdentity(identityProvider, userAgent: userAgent, store: fileStore))
        } else if let clientID {
            identity = clientID.hasPrefix("https://") || clientID.hasPrefix("http://") ? .metadataDocument(URL(string: clientID)!) : .preregistered(clientID)
        } else {
            identity = .dynamic(clientName: "oauthgen mcp-client")
        }
        let session = ProtectedResourceSession(
            resource: url, identity: identity,
            redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
            store: fileStore.map { $0 as any TokenStore } ?? MemoryTokenStore(),
            userAgent: userAgent,
            transport: URLSessionTransport(timeout: timeout), allowInsecureLoopback: allowInsecureLoopback)
        let transport: any Transport = sdkTransport
            ? HTTPClientTransport(endpoint: url, streaming: false, authorizer: ProtectedResourceAuthorizer(session: session))
            : try ProtectedResourceTransport(session: session)
        let client = Client(name: "oauthgen-mcp-client", version: "1.0")
        _ = try await client.connect(transport: transport)
        let (content, isError) = try await client.callTool(name: call, arguments: toolArguments)
        await client.disconnect()
        for item in content {
            if case .text(let text, _, _) = item { print(text) } else { print(item) }
        }
        if isError == true { throw ExitCode.failure }
    }
}
