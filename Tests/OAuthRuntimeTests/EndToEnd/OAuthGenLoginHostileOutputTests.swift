import Foundation
import Testing
import TestSupport

/// What a hostile provider sends reaches `oauthgen-login`'s terminal output only through the one
/// sanitizer (`TerminalText`): a token response whose `scope` carries escape sequences (clear the
/// screen, move the cursor) and a forged line is printed with each control character visible.
@Suite struct OAuthGenLoginHostileOutputTests {
    @Test func aScopeWithEscapeSequencesIsPrintedEscaped() async throws {
        let server = try LocalHTTPServer { request in
            switch request.path {
            case "/token":
                return .json(
                    #"{"access_token": "at-1", "token_type": "Bearer", "expires_in": 3600, "scope": "read \u001b[2J\u001b[H\nerror: forged"}"#
                )
            default:
                return .notFound
            }
        }
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let discovery = directory.appendingPathComponent("server.json")
        try Data(
            #"""
            {"issuer": "\#(server.origin)", "authorization_endpoint": "\#(server.origin)/authorize", "token_endpoint": "\#(server.origin)/token",
             "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"]}
            """#.utf8
        ).write(to: discovery)
        // The browser: follows the authorization request straight back to the loopback redirect
        // with a code and the request's state, as a provider that signed the user in would.
        let browser = directory.appendingPathComponent("browser.py")
        try Data(
            """
            import sys, urllib.parse, urllib.request
            query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(sys.argv[1]).query))
            urllib.request.urlopen(query["redirect_uri"] + "?code=c-1&state=" + urllib.parse.quote(query["state"])).read()
            """.utf8
        ).write(to: browser)

        let run = try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--discovery", discovery.path, "--client-id", "app", "--scope", "read", "--allow-insecure-loopback",
                "--timeout", "30",
                "--browser-command", "python3 \(browser.path)",
            ], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(run.stdout.contains(#"scope: read \u{1B}[2J\u{1B}[H\u{A}error: forged"#), "\(run.stdout)")
        #expect(!run.stdout.split(separator: "\n").contains { $0.hasPrefix("error:") })
    }

    /// A JSON-RPC error's message is the MCP server's text: the Python SDK's server answers
    /// `refuse` with one holding ESC sequences, a bidi override and a forged line, and the
    /// failure `oauthgen-login` prints shows each as a visible escape (issue 53, H10).
    @Test(.enabled("needs django-oauth-toolkit and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() })
    func anMCPServersErrorMessageIsPrintedEscaped() async throws {
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider)
        defer { server.stop() }
        let run = try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--resource", server.endpoint.absoluteString, "--allow-insecure-loopback", "--timeout", "120",
                "--browser-command", provider.browserCommand + " --username olivia",
                "--mcp", "--call", "refuse", "--arguments", Self.hostileRefusal,
            ])
        #expect(run.status == 1)
        #expect(run.stderr.contains(Self.escapedRefusal), "\(run.stderr)")
        #expect(!run.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
    }

    /// The `refuse` tool's arguments: clear the screen, a right-to-left override, a forged line.
    static let hostileRefusal = #"{"message": "denied \u001b[2J\u202e\nerror: forged"}"#
    /// How every agent prints that message.
    static let escapedRefusal = #"denied \u{1B}[2J\u{202E}\u{A}error: forged"#
}
