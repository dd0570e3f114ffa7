import Foundation
@testable import OAuthRuntime
import OAuthPolicy
import Testing
import TestSupport

/// `oauthgen-login --resource … --client-credentials`, `--workload-token` and `--device`: agent processes
/// with no one at the keyboard reach an MCP server (the Python SDK's, whose tokens come from
/// authlib's grants, `MachinePeer`); no browser may open (its command is `/bin/false`), and an
/// expired token is replaced once for every process sharing the store.
@Suite(
    .enabled("needs authlib and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() },
    .serialized)
struct UnattendedAgentsTests {
    /// `oauthgen-login` for `endpoint` with `options`, keeping its sign-in in `store`.
    static func agent(
        _ endpoint: URL, _ options: [String], store: String, call: [String] = ["--mcp"],
        environment: [String: String] = [:]
    ) async throws -> ProcessRunner.Run {
        try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--resource", endpoint.absoluteString, "--allow-insecure-loopback", "--store", store, "--json",
                "--timeout", "120", "--browser-command", "/bin/false",
            ] + options + call, environment: environment)
    }

    /// The client credentials options, the secret in a file only its owner can read.
    static func clientCredentials(_ peer: MachinePeer) throws -> [String] {
        let secret = peer.directory.appendingPathComponent("client.secret")
        try Data(MachinePeer.secret.utf8).write(to: secret)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret.path)
        return [
            "--client-credentials", "--client-id", MachinePeer.clientID, "--client-secret-file", secret.path,
            "--authorization-server", peer.issuer,
        ]
    }

    /// Four agents on one store after the token expired: one new client credentials token among
    /// them, no refresh, no browser; the report names the grant and never the secret.
    @Test func agentsByClientCredentialsRenewOnceForTheStore() async throws {
        let peer = try MachinePeer(grants: ["client_credentials"])
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let directory = try makeTestDirectory("oauthgen-unattended-agents")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sign-ins").path
        let options = try Self.clientCredentials(peer)

        let first = try await Self.agent(server.endpoint, options, store: path)
        #expect(first.status == 0, "\(first.stderr)")
        let report = (try JSONSerialization.jsonObject(with: Data(first.stdout.utf8))) as? [String: Any] ?? [:]
        #expect(report["mcp_tools"] as? [String] == MCPTestServer.tools)
        #expect(report["grant"] as? String == "client_credentials")
        #expect(report["client_id"] as? String == MachinePeer.clientID)
        #expect(Set(report.keys) == CommandLineDocument.jsonFields(.resource))
        #expect(!first.stdout.contains(MachinePeer.secret) && !first.stderr.contains(MachinePeer.secret))

        try await EnterpriseAgentsTests().expire(FileTokenStore(directory: path), resource: server.endpoint)
        let endpoint = server.endpoint
        let runs = try await withThrowingTaskGroup(of: ProcessRunner.Run.self) { group in
            for index in 0..<4 {
                group.addTask {
                    try await Self.agent(
                        endpoint, options, store: path,
                        call: ["--call", "add", "--arguments", #"{"a": \#(index), "b": 1}"#])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        #expect(peer.requests().map { $0["grant_type"] as? String } == ["client_credentials", "client_credentials"])
    }

    /// `private_key_jwt`: a key file, no secret anywhere.
    @Test func anAgentByClientCredentialsWithAKey() async throws {
        let directory = try makeTestDirectory("oauthgen-unattended-key")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (key, jwks) = try ClientKeyFiles.makeFiles("rsa", in: directory, keyID: "k1")
        let (run, requests) = try await keyAgent(
            key, registered: jwks, options: ["--client-key-id", "k1"], store: directory.appendingPathComponent("store"))
        #expect(run.status == 0, "\(run.stderr)")
        let report = (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any] ?? [:]
        #expect(report["mcp_result"] as? [String] == ["42"])
        #expect(requests.first?["client_assertion_type"] != nil)
    }

    /// Issue 53: an ES256 key the server registered as `kid: "es256"`, from a PEM file that names
    /// no `kid`. authlib selects the client's key by the assertion's `kid`: with the key's one key
    /// the assertion names none and the server uses it (the key's thumbprint, named before, matched
    /// nothing: `invalid_client`); beside another key, `--client-key-id` names it.
    @Test func anES256KeyRegisteredUnderAKidOfItsOwn() async throws {
        let directory = try makeTestDirectory("oauthgen-unattended-kid")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (key, jwks) = try ClientKeyFiles.makeFiles("ec", in: directory, keyID: "es256")
        let (_, other) = try ClientKeyFiles.makeFiles("rsa", in: directory, keyID: "rs256")
        let both: [String: Any] = ["keys": (jwks["keys"] as? [Any] ?? []) + (other["keys"] as? [Any] ?? [])]
        let cases: [(registered: [String: Any], keyID: [String])] = [(jwks, []), (both, ["--client-key-id", "es256"])]
        for (registered, keyID) in cases {
            let (run, requests) = try await keyAgent(
                key, registered: registered, options: keyID,
                store: directory.appendingPathComponent("store-\(keyID.count)"))
            #expect(run.status == 0, "\(keyID): \(run.stderr)")
            #expect(requests.count == 1)
        }
    }

    /// `oauthgen-login --client-credentials` with the key file `key` and `options`, calling `add`
    /// at an MCP server whose authorization server holds `registered` as the key client's JWK
    /// set: the run, and the token requests that server received.
    func keyAgent(
        _ key: URL, registered: [String: Any], options: [String], store: URL
    ) async throws -> (ProcessRunner.Run, [[String: Any]]) {
        let peer = try MachinePeer(grants: ["client_credentials"], clientJWKS: registered)
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let run = try await Self.agent(
            server.endpoint,
            [
                "--client-credentials", "--client-id", MachinePeer.keyClientID, "--client-key", key.path,
                "--authorization-server", peer.issuer,
            ] + options, store: store.path, call: ["--call", "add", "--arguments", #"{"a": 40, "b": 2}"#])
        return (run, peer.requests())
    }

    /// A workload's JWT from a file, rewritten between runs; with --client-id it is refused.
    @Test func agentsByAWorkloadJWT() async throws {
        let peer = try MachinePeer(grants: ["workload"])
        defer { peer.stop() }
        try peer.makeWorkloadPlatform()
        let server = try peer.mcpServer()
        defer { server.stop() }
        let token = peer.directory.appendingPathComponent("token")
        try peer.mintWorkloadToken(to: token)
        let store = peer.directory.appendingPathComponent("store").path
        let run = try await Self.agent(server.endpoint, ["--workload-token", token.path], store: store)
        #expect(run.status == 0, "\(run.stderr)")
        let report = (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any] ?? [:]
        #expect(report["grant"] as? String == "urn:ietf:params:oauth:grant-type:jwt-bearer")
        #expect(report["mcp_tools"] as? [String] == MCPTestServer.tools)

        let mixed = try await Self.agent(
            server.endpoint, ["--workload-token", token.path, "--client-id", "agent"], store: store)
        #expect(mixed.status == 1)
        #expect(
            mixed.stderr.hasPrefix(
                "error: expected --workload-token without --client-id, --client-secret or --client-key, found them"),
            "\(mixed.stderr)")
        #expect(peer.requests().count == 1)
    }

    /// `--resource … --device`: four agents on one empty store show one code between them
    /// (standard error and the report of the one that showed it) and one polls; the others wait
    /// on the store's first sign-in lock and use that sign-in. The "browser" is the user on
    /// another device, approving the code it is given.
    @Test func fourAgentsByTheDeviceGrantShowOneCode() async throws {
        let peer = try MachinePeer(grants: ["device_code"], deviceInterval: 1, registration: true)
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let store = peer.directory.appendingPathComponent("store").path
        let (endpoint, browser) = (server.endpoint, try peer.approvingBrowser())
        let runs = try await withThrowingTaskGroup(of: ProcessRunner.Run.self) { group in
            for index in 0..<4 {
                group.addTask {
                    try await ProcessRunner.runDetached(
                        ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
                        [
                            "--resource", endpoint.absoluteString, "--allow-insecure-loopback", "--store", store,
                            "--json", "--timeout", "120", "--device", "--browser-command", browser,
                            "--call", "add", "--arguments", #"{"a": \#(index), "b": 1}"#,
                        ])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        let codes = peer.shownCodes()
        #expect(codes.count == 1)
        let reports = runs.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.stdout.utf8)) as? [String: Any]
        }
        let shown = reports.compactMap { $0["device"] as? [String: String] }
        #expect(shown.map { $0["user_code"] } == codes)
        #expect(shown.first?["verification_uri"] == peer.issuer + "/device")
        // Each report names the grant its agent signed in with, the one that showed the code or not.
        #expect(
            reports.map { $0["grant"] as? String }
                == Array(repeating: ResourceServerGrant.deviceCodeGrantType, count: 4))
        #expect(runs.filter { $0.stderr.contains("and enter the code \"\(codes.first ?? "")\"") }.count == 1)
        let requests = peer.requests()
        #expect(requests.filter { $0["endpoint"] as? String == "/register" }.count == 1)
        #expect(requests.filter { $0["endpoint"] as? String == "/device_authorization" }.count == 1)
        // Polls of the one device code: the approving browser may answer after the first poll on
        // a loaded machine (2 polls were seen under load), so they are counted as at
        // least one; one device authorization above already says only one agent polled.
        #expect(requests.filter { $0["grant_type"] as? String == ResourceServerGrant.deviceCodeGrantType }.count >= 1)
    }
}
