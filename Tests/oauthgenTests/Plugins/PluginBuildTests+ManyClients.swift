import Foundation
import OAuthRuntime
import TestSupport
import Testing

extension PluginBuildTests {
    /// How many `mcp-client` processes share one store folder.
    static let clients = 8

    /// Issue 53: eight `mcp-client` processes on one store folder answer with one refresh between
    /// them, first after the stored token expired by the clock, then after the renewed token
    /// ended at the provider before the clock said so (each meets `invalid_token` and one renews
    /// it). Nothing opens a browser after the first sign-in (`/bin/false` would fail the run).
    func clientsOnOneStoreRefreshOnce(mcpClient: URL, provider: DjangoProvider.Instance) async throws {
        let server = try MCPTestServer(provider: provider, logsTokens: true)
        defer { server.stop() }
        let directory = try makeTestDirectory("oauthgen-mcp-clients")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store").path
        let endpoint = server.endpoint.absoluteString
        @Sendable func call(_ index: Int, browser: String) async throws -> ProcessRunner.Run {
            try await ProcessRunner.runDetached(
                mcpClient,
                [
                    endpoint, "--allow-insecure-loopback", "--store", path, "--call", "add", "--arguments",
                    #"{"a": \#(index), "b": 1}"#, "--browser-command", browser,
                ])
        }
        let first = try await call(0, browser: "\(provider.python) \(provider.driver) --username quentin")
        #expect(first.status == 0, "\(first.stderr)")
        let store = FileTokenStore(directory: path)
        for round in 1...2 {
            let account = try #require(store.accounts().first { $0 != FileTokenStore.defaultAccount })
            var record = try #require(try await store.forAccount(account).load())
            if round == 1 {
                record.tokens.expiresAt = Date(timeIntervalSinceNow: -60)
                try await store.forAccount(account).save(record)
            } else {
                try provider.expireAtTheProvider(record.tokens.accessToken)
            }
            let runs = try await withThrowingTaskGroup(of: ProcessRunner.Run.self) { group in
                for index in 1...Self.clients {
                    group.addTask { try await call(index, browser: "/bin/false") }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for run in runs { #expect(run.status == 0, "round \(round): \(run.stderr)") }
            #expect(Set(runs.map(\.stdout)) == Set((2...Self.clients + 1).map { "\($0)\n" }), "round \(round)")
            // One refresh per round: the first token, then one more each time.
            #expect(server.distinctTokens().count == 1 + round, "round \(round)")
        }
    }
}
