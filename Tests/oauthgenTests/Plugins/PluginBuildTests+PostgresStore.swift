import Foundation
import TestSupport
import Testing

extension PluginBuildTests {
    /// Issue 48: both tools share one sign-in in one PostgreSQL database, as they do in one
    /// folder. `oauthgen-login` signs in through the browser; `mcp-client`, in another home with
    /// its own copy of the key, calls a tool with that sign-in and opens nothing.
    func bothToolsShareASignInInOneDatabase(
        mcpClient: URL, provider: DjangoProvider.Instance, server: MCPTestServer
    ) async throws {
        let database = try await PostgresServer.instance()
        let url = try await database.makeDatabase("tools")
        let directory = try makeTestDirectory("oauthgen-tools-database")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        var homes: [(home: URL, key: String)] = []
        for name in ["login", "mcp-client"] {
            let home = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let file = home.appendingPathComponent("store.key").path
            _ = FileManager.default.createFile(
                atPath: file, contents: Data(key.utf8), attributes: [.posixPermissions: 0o600])
            homes.append((home, file))
        }
        let login = try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--resource", server.endpoint.absoluteString, "--allow-insecure-loopback", "--mcp", "--json",
                "--store", url, "--store-key", homes[0].key,
                "--browser-command", "\(provider.python) \(provider.driver) --username olivia",
            ], in: homes[0].home, environment: database.appEnvironment.merging(["HOME": homes[0].home.path]) { $1 })
        #expect(login.status == 0, "\(login.stderr)")
        let call = try await ProcessRunner.runDetached(
            mcpClient,
            [
                server.endpoint.absoluteString, "--allow-insecure-loopback", "--call", "add",
                "--arguments", #"{"a": 40, "b": 2}"#, "--browser-command", "/bin/false",
                "--store", url, "--store-key", homes[1].key,
            ], in: homes[1].home, environment: database.appEnvironment.merging(["HOME": homes[1].home.path]) { $1 })
        #expect(call.status == 0, "\(call.stderr)")
        #expect(call.stdout == "42\n")
    }
}
