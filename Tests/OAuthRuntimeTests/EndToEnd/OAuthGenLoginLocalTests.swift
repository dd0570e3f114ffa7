import Foundation
import TestSupport
import Testing

/// `oauthgen-login` against a provider played by a local server on 127.0.0.1 and a stand-in
/// browser (`Tests/Support/callback_browser.py`): for what a real provider cannot be made to
/// send. The real sign-ins are in `OAuthGenLoginTests`.
@Suite struct OAuthGenLoginLocalTests {
    let server: LocalHTTPServer
    let python: String

    init() throws {
        let box = OriginBox()
        server = try LocalHTTPServer { request in
            let origin = box.origin
            switch request.path {
            case "/.well-known/openid-configuration":
                return .json(
                    """
                    {"issuer": "\(origin)", "authorization_endpoint": "\(origin)/authorize", "token_endpoint": "\(origin)/token",
                     "jwks_uri": "\(origin)/jwks", "response_types_supported": ["code"], "subject_types_supported": ["public"],
                     "id_token_signing_alg_values_supported": ["RS256"]}
                    """)
            case "/ok/.well-known/openid-configuration":
                // OAuth only (no ID token), so a sign-in can succeed without minting one.
                return .json(
                    """
                    {"issuer": "\(origin)/ok", "authorization_endpoint": "\(origin)/authorize", "token_endpoint": "\(origin)/ok/token",
                     "response_types_supported": ["code"]}
                    """)
            case "/ok/token":
                return .json(#"{"access_token": "at", "token_type": "Bearer", "expires_in": 60}"#)
            case "/token":
                return .json(
                    #"{"error": "invalid_grant", "error_description": "\u001b[2J\u001b[31mforged\nline"}"#, status: 400)
            default:
                return .notFound
            }
        }
        box.origin = server.origin
        python = try #require(ProcessRunner.which("python3")).path
    }

    func login(
        _ extra: [String], browser: [String] = [], issuerPath: String = "", environment: [String: String] = [:]
    ) async throws -> ProcessRunner.Run {
        let script = ProcessRunner.packageRoot.appendingPathComponent("Tests/Support/callback_browser.py").path
        return try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--issuer", server.origin + issuerPath, "--allow-insecure-loopback", "--client-id", "app", "--timeout",
                "15",
                "--browser-command", ([python, script] + browser).map { "'\($0)'" }.joined(separator: " "),
            ] + extra, environment: environment)
    }

    /// Issue 53, H7: the browser command, and all it starts, gets none of the agent's secret
    /// variables; what a browser needs is kept.
    @Test func theBrowserGetsNoSecretVariables() async throws {
        let directory = try makeTestDirectory("oauthgen-browser-environment")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("environment.json")
        let secrets = [
            "OAUTHGEN_IDENTITY_CLIENT_SECRET": "identity-s3cr3t", "PGPASSWORD": "pg-s3cr3t",
            "MCP_CLIENT_SECRET": "mcp-s3cr3t", "OPENAI_API_KEY": "sk-s3cr3t", "GH_TOKEN": "gh-s3cr3t",
        ]
        let run = try await login(
            ["--json", "--scope", "read"], browser: ["--environment-to", file.path], issuerPath: "/ok",
            environment: secrets.merging(["DISPLAY": ":7", "OAUTHGEN_TEST_KEPT": "kept"]) { $1 })
        #expect(run.status == 0, "\(run.stderr)")
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: String])
        #expect(Set(seen.keys).isDisjoint(with: secrets.keys), "\(seen.keys.sorted())")
        #expect(!seen.values.contains { $0.contains("s3cr3t") })
        #expect(seen["DISPLAY"] == ":7" && seen["OAUTHGEN_TEST_KEPT"] == "kept" && seen["PATH"] != nil)
    }

    /// Hardening 8: before, the percent-encoded path never matched and the login timed out.
    @Test func aPercentEncodedRedirectPathCompletesTheCallback() async throws {
        let run = try await login(["--redirect-uri", "http://127.0.0.1/cb%20x"])
        #expect(run.status == 1)
        // Past the callback: the code reached the token endpoint.
        #expect(run.stderr.hasPrefix("error: the token endpoint refused (HTTP 400): invalid_grant"), "\(run.stderr)")
        let exchange = try #require(server.requests(to: "/token").first)
        #expect(String(decoding: exchange.body, as: UTF8.self).contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A"))
        #expect(String(decoding: exchange.body, as: UTF8.self).contains("%2Fcb%2520x"))
    }

    /// Hardening 13: what the provider sends is escaped before it reaches the terminal.
    @Test func theTokenEndpointsErrorCannotDriveTheTerminal() async throws {
        let run = try await login([])
        #expect(
            run.stderr
                == "error: the token endpoint refused (HTTP 400): invalid_grant: \\u{1B}[2J\\u{1B}[31mforged\\u{A}line\n",
            "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    /// Hardening 13: a callback (from the browser or any local process that has the state) cannot
    /// put control sequences on stderr either.
    @Test func aCallbacksErrorCannotDriveTheTerminal() async throws {
        let run = try await login(
            [], browser: ["--param", "error=\u{1B}]0;owned\u{07}\u{1B}[2J", "--param", "error_description=a\nb"])
        #expect(run.status == 1)
        #expect(
            run.stderr == "error: authorization failed: \\u{1B}]0;owned\\u{7}\\u{1B}[2J: a\\u{A}b\n", "\(run.stderr)")
    }

    /// Hardening 9: --json stdout is the JSON object alone, whatever the browser prints; and the
    /// RFC 8414 document is fetched only for --revoke.
    @Test func jsonOutputHoldsNothingTheBrowserPrintsAndNoUnneededFetch() async throws {
        let run = try await login(
            ["--json", "--scope", "read"], browser: ["--say", "opening http://127.0.0.1/callback?code=leak"],
            issuerPath: "/ok")
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        #expect(report["issuer"] as? String == server.origin + "/ok")
        #expect(!run.stdout.contains("leak") && !run.stderr.contains("leak"))
        #expect(server.requests(to: "/.well-known/oauth-authorization-server/ok").isEmpty)
        _ = try await login(["--json", "--scope", "read", "--revoke"], issuerPath: "/ok")
        #expect(server.requests(to: "/.well-known/oauth-authorization-server/ok").count == 1)
    }
}

/// The server's own origin, known only once it is bound.
private final class OriginBox: @unchecked Sendable {
    // @unchecked: written once in the test's init before any request can arrive, then only read.
    var origin = ""
}
