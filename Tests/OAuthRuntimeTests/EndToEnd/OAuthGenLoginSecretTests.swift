import Foundation
@testable import OAuthRuntime
import Testing
import TestSupport

/// `oauthgen-login`'s client secrets off argv, where every local user's `ps` shows them (issue 45,
/// G3): from a file only its owner can read, or from the environment; at most one source each.
@Suite(
    .enabled("needs idpyoidc, authlib and the Python mcp SDK") { await EnterprisePeers.isAvailableOffPool() },
    .serialized)
struct OAuthGenLoginSecretTests {
    static let login = ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login")

    /// Both secrets reach their servers with neither on the command line: the identity provider's
    /// from a 0600 file (with the newline `echo` leaves), the MCP server's from the environment.
    @Test func secretsFromAFileAndTheEnvironmentReachBothServers() async throws {
        let peers = try EnterprisePeers()
        defer { peers.stop() }
        let server = try peers.mcpServer()
        defer { server.stop() }
        try peers.allow(resources: [server.endpoint.absoluteString])
        let directory = try makeTestDirectory("oauthgen-secret-files")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("identity-secret")
        try Data((EnterprisePeers.identitySecret + "\n").utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let arguments = [
            "--resource", server.endpoint.absoluteString, "--allow-insecure-loopback", "--json", "--timeout", "120",
            "--mcp",
            "--browser-command", try DjangoProvider.instance().browserCommand,
            "--identity-provider", peers.identityProvider, "--identity-client-id", EnterprisePeers.identityClientID,
            "--identity-client-secret-file", file.path, "--client-id", EnterprisePeers.serverClientID,
            "--authorization-server", peers.authorizationServer,
        ]
        #expect(
            !arguments.contains(EnterprisePeers.identitySecret) && !arguments.contains(EnterprisePeers.serverSecret))
        let run = try await ProcessRunner.runDetached(
            Self.login, arguments, environment: ["OAUTHGEN_CLIENT_SECRET": EnterprisePeers.serverSecret])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(peers.authorizationServerRequests().count == 1)
        #expect(
            !run.stdout.contains(EnterprisePeers.serverSecret) && !run.stderr.contains(EnterprisePeers.identitySecret))
    }

    /// A secret file others can read is refused, as a key file is; two sources for one secret are
    /// refused, naming both; nothing is sent anywhere.
    @Test func aReadableFileAndTwoSourcesAreRefused() async throws {
        let directory = try makeTestDirectory("oauthgen-secret-files")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("secret")
        try Data("s3cr3t\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let base = ["--resource", "http://127.0.0.1:9/mcp", "--allow-insecure-loopback", "--client-id", "agent"]
        let readable = try await ProcessRunner.runDetached(
            Self.login, base + ["--client-secret-file", file.path], timeout: 60)
        #expect(readable.status == 1)
        #expect(
            readable.stderr
                == "error: expected the client secret file \(file.path) to be readable by its owner only (chmod 600), found mode 644, which others can read\n"
        )
        let both = try await ProcessRunner.runDetached(
            Self.login, base + ["--client-secret", "x"], environment: ["OAUTHGEN_CLIENT_SECRET": "y"], timeout: 60)
        #expect(both.status == 1)
        #expect(
            both.stderr
                == "error: expected one of --client-secret, --client-secret-file or OAUTHGEN_CLIENT_SECRET, found --client-secret and OAUTHGEN_CLIENT_SECRET\n"
        )
    }
}
