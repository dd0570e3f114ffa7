import Foundation
import Testing
import TestSupport

/// What `oauthgen-login --resource … --device` says while it works (issue 55): on a terminal (a
/// pseudo-terminal here) one line updated in place, the device code's time left in it; through a
/// pipe plain lines; with `--quiet` nothing but the code. The server is authlib's device grant
/// behind the Python SDK's MCP server; the "browser" is the user approving on another device.
@Suite(
    .enabled("needs authlib and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() },
    .serialized)
struct ProgressLinesTests {
    /// One device sign-in and MCP call on a new store, standard error on a terminal when
    /// `terminal`; what the terminal showed (empty without one) and the run.
    func run(
        _ peer: MachinePeer, _ endpoint: URL, terminal: Bool, extra: [String] = []
    ) async throws -> (
        shown: String, run: ProcessRunner.Run
    ) {
        let store = peer.directory.appendingPathComponent("store-\(UUID().uuidString)").path
        let shown = peer.directory.appendingPathComponent("terminal-\(UUID().uuidString)")
        let login = ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login").path
        let arguments =
            [
                login, "--resource", endpoint.absoluteString, "--allow-insecure-loopback", "--store", store, "--json",
                "--timeout", "120", "--device", "--browser-command", try peer.approvingBrowser(), "--mcp",
            ] + extra
        let script = ProcessRunner.packageRoot.appendingPathComponent("Tests/Support/terminal/pty_run.py").path
        let run = try await ProcessRunner.runDetached(
            URL(fileURLWithPath: "/usr/bin/env"),
            terminal ? ["python3", script, shown.path] + arguments : arguments)
        let bytes = terminal ? try Data(contentsOf: shown) : Data()
        return (String(decoding: bytes, as: UTF8.self), run)
    }

    @Test func aTerminalSeesOneUpdatingLineAPipePlainLinesAndQuietNothing() async throws {
        let peer = try MachinePeer(grants: ["device_code"], deviceInterval: 1, registration: true)
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }

        let (screen, onTerminal) = try await run(peer, server.endpoint, terminal: true)
        #expect(onTerminal.status == 0, "\(onTerminal.stderr)")
        // Each step replaces the line before it: a carriage return and erase-line, no newline.
        #expect(screen.contains("\r\u{1B}[KDiscovering the resource and its authorization server…"))
        #expect(screen.contains("\r\u{1B}[KRegistering a client…"))
        let waiting = try #require(screen.range(of: "\r\u{1B}[KWaiting for the code's approval… ("))
        #expect(screen[waiting.upperBound...].prefix(12).contains(" left)"))
        #expect(screen.contains("and enter the code"))
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(onTerminal.stdout.utf8)) as? [String: Any])
        let durations = try #require(report["durations_ms"] as? [String: Int])
        #expect(Set(durations.keys).isSuperset(of: ["oauth.discovery", "oauth.registration", "oauth.sign_in"]))
        #expect(durations.values.allSatisfy { $0 >= 0 })

        let (_, piped) = try await run(peer, server.endpoint, terminal: false)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stderr.contains("Discovering the resource and its authorization server…\n"))
        #expect(piped.stderr.contains("Waiting for the code's approval… ("))
        #expect(!piped.stderr.contains("\r"))

        let (quietScreen, quiet) = try await run(peer, server.endpoint, terminal: true, extra: ["--quiet"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quietScreen.contains("and enter the code"))
        #expect(!quietScreen.contains("Discovering") && !quietScreen.contains("Waiting"))
        // Quiet on the terminal, not in the report: the durations are still kept.
        let quietReport = try JSONSerialization.jsonObject(with: Data(quiet.stdout.utf8)) as? [String: Any]
        #expect((quietReport?["durations_ms"] as? [String: Int])?.keys.contains("oauth.sign_in") == true)

        let (_, verbose) = try await run(peer, server.endpoint, terminal: false, extra: ["--verbose"])
        #expect(verbose.status == 0, "\(verbose.stderr)")
        #expect(verbose.stderr.contains("info: oauth.sign_in finished"))
        #expect(verbose.stderr.contains("debug: request answered"))
        #expect(verbose.stderr.contains("oauth.endpoint=token"))
        #expect(!verbose.stderr.contains("Waiting for the code's approval…"))
    }
}
