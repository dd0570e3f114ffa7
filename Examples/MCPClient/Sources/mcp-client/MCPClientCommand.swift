import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MCP
import OAuthMCP
import OAuthResources
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
            Examples (each fits 80 columns, so --help prints it as written):
              mcp-client https://mcp.example.com/mcp --call search \\
                  --arguments '{"query": "oauth"}'
              mcp-client http://127.0.0.1:8000/mcp --allow-insecure-loopback \\
                  --call add --arguments '{"a": 1, "b": 2}'
              mcp-client https://mcp.example.com/mcp --call search \\
                  --identity-provider https://idp.example.com \\
                  --identity-client-id agent --client-id mcp-agent \\
                  --authorization-server https://auth.example.com \\
                  --client-key agent-key.pem --store ~/.mcp
              mcp-client https://mcp.example.com/mcp --call search \\
                  --client-credentials --client-id agent \\
                  --client-secret-file agent.secret \\
                  --authorization-server https://auth.example.com
              mcp-client https://mcp.example.com/mcp --call search \\
                  --workload-token /var/run/secrets/tokens/mcp
            """)

    @Argument(help: "The MCP server's URL (its streamable HTTP endpoint).")
    var server: String

    @Option(help: "The tool to call.")
    var call: String

    @Option(help: ArgumentHelp("The tool's arguments, as a JSON object.", valueName: "json"))
    var arguments: String = "{}"

    @Option(
        help:
            "A client ID registered with the server's authorization server, or an https URL of a Client ID Metadata Document; left out, the client registers itself."
    )
    var clientID: String?

    @Option(
        help: ArgumentHelp(
            """
            The authorization server --client-id is registered at (its issuer, exactly). Required with a \
            client secret or key: a server whose metadata names another is refused before anything is sent.
            """, valueName: "issuer"))
    var authorizationServer: String?

    @Option(
        help: ArgumentHelp(
            """
            The company's identity provider (its issuer): sign in there once, then reach the server with an \
            ID-JAG (enterprise-managed authorization) instead of a browser. Needs --identity-client-id, and \
            --client-id with --authorization-server and a client secret or --client-key.
            """, valueName: "issuer"))
    var identityProvider: String?

    @Option(help: "With --identity-provider: the client ID registered there.")
    var identityClientID: String?

    @OptionGroup var secrets: SecretOptions

    @Flag(
        help: ArgumentHelp(
            """
            No user: the client signs in as itself with the client credentials grant (MCP's OAuth client \
            credentials extension). Needs --client-id, --authorization-server, and a client secret or --client-key.
            """))
    var clientCredentials = false

    @Option(
        help: ArgumentHelp(
            """
            No user and no client ID: present the JWT the workload's platform keeps in this file (a Kubernetes \
            projected service-account token) with the jwt-bearer grant, read again for every token request.
            """, valueName: "file"))
    var workloadToken: String?

    @Flag(
        help: ArgumentHelp(
            """
            No browser on this machine: sign in with the device grant (RFC 8628). The code and where to enter \
            it go to standard error; approve on any device.
            """))
    var device = false

    @Flag(
        help: ArgumentHelp(
            """
            Ask the tool for progress notifications and print each to standard error as it arrives \
            (progress/total and the server's message), before the result.
            """))
    var progress = false

    @Option(
        help: ArgumentHelp(
            "With --identity-provider or --client-credentials: a private key, PEM or a JWK (0600), for --client-id's private_key_jwt.",
            valueName: "file"))
    var clientKey: String?

    @Option(
        help: ArgumentHelp(
            "The kid of --client-key's assertions, as registered at the server (default: a JWK's kid, else none).",
            valueName: "kid"))
    var clientKeyID: String?

    @Option(
        help: ArgumentHelp(
            """
            Keep the sign-in and the registration for the next run: in the folder PATH (0700), a file each, or \
            in PostgreSQL, postgres://USER@HOST:PORT/DB[?sslmode=MODE] (the password from PGPASSWORD or \
            ~/.pgpass), shared with oauthgen-login and every replica that has --store-key.
            """, valueName: "path-or-url"))
    var store: String?

    @Option(
        help: ArgumentHelp(
            "With a postgres:// --store: the key its rows are sealed with, 32 random bytes (raw or base64), 0600.",
            valueName: "file"))
    var storeKey: String?

    @Option(
        help: ArgumentHelp(
            "A command that opens the sign-in URL (split like a shell would; the URL is appended).", valueName: "cmd"))
    var browserCommand: String?

    @Flag(help: "Allow http on 127.0.0.1 or [::1] (local servers only).")
    var allowInsecureLoopback = false

    @Flag(
        help: ArgumentHelp(
            """
            Use the MCP SDK's own HTTPClientTransport (with ProtectedResourceAuthorizer) instead of \
            oauthgen's transport. It cannot read server-sent events on Linux (ask the server for JSON \
            answers), follows redirects with the token, and cannot send DPoP proofs.
            """))
    var sdkTransport = false

    @Option(help: "Seconds each request may take, and the MCP exchange (connect, the call) in all.")
    var timeout: Double = 120

    @OptionGroup(title: "What it reports") var reporting: ReportingOptions

    func run() async throws {
        guard let url = URL(string: server), url.host != nil else {
            throw ValidationError("expected the server's URL, found \(server)")
        }
        guard let data = arguments.data(using: .utf8),
            let toolArguments = try? JSONDecoder().decode([String: Value].self, from: data)
        else {
            throw ValidationError("expected --arguments to be a JSON object, found \(arguments)")
        }
        let kept = try await openStore()
        let userAgent = try LoopbackUserAgent(browserCommandLine: browserCommand)
        let signInProgress = TerminalProgress(mode: reporting.progressMode)
        let (telemetry, metrics) = reporting.telemetry(signInProgress)
        // What the run measured, written however it ends.
        defer {
            signInProgress.finish()
            reporting.write(metrics)
        }
        let (method, enterprise) = try await signInMethod(
            store: kept, userAgent: userAgent, progress: signInProgress)
        let session = ProtectedResourceSession(
            resource: url, signIn: method, store: kept.map { $0 as any TokenStore } ?? MemoryTokenStore(),
            options: ClientOptions(
                transport: makeTransport(), allowInsecureLoopback: allowInsecureLoopback, telemetry: telemetry))
        // The resource, its server and the client's binding are checked before the identity
        // provider's browser opens: a server this client may not use costs no sign-in.
        _ = try await session.oauthSession()
        if let enterprise,
            let corporate = enterprise.identityProvider as? OAuthSession<DiscoveredProvider>,
            try await corporate.currentSignIn() == nil
        {
            try await corporate.signIn(
                with: userAgent, redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
                scopes: [ScopeValue(rawValue: "openid")])
        }
        let transport: any Transport
        if sdkTransport {
            // The SDK's transport has no deadline of its own: each request gets --timeout.
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.timeoutIntervalForResource = timeout
            transport = HTTPClientTransport(
                endpoint: url, configuration: configuration, streaming: false,
                authorizer: ProtectedResourceAuthorizer(session: session))
        } else {
            transport = try ProtectedResourceTransport(session: session)
        }
        let client = Client(name: "oauthgen-mcp-client", version: "1.0")
        let call = call
        if progress {
            await client.onNotification(ProgressNotification.self) { message in
                let total = message.params.total.map { "/\($0)" } ?? ""
                let text =
                    message.params.message.map {
                        " \(ToolOutput.printable(.text(text: $0, annotations: nil, _meta: nil)))"
                    } ?? ""
                FileHandle.standardError.write(Data("progress: \(message.params.progress)\(total)\(text)\n".utf8))
            }
        }
        let meta = progress ? Metadata(progressToken: .string("mcp-client")) : nil
        let (content, isError) = try await Deadline.run(within: timeout, "the MCP server's answer to \(call)") {
            do {
                _ = try await client.connect(transport: transport)
                let answer = try await client.callTool(name: call, arguments: toolArguments, meta: meta)
                await client.disconnect()
                return answer
            } catch {
                // A JSON-RPC error's message is the server's text: printed escaped.
                throw OAuthError.mcpExchange(error)
            }
        }
        signInProgress.finish()
        // The server chose every byte: printed so it cannot drive the terminal.
        for item in content { print(ToolOutput.printable(item)) }
        if isError == true { throw ExitCode.failure }
    }
}
