import Foundation
@testable import OAuthRuntime
import Testing
import TestSupport

/// Several agent processes on one MCP server through one store: `oauthgen-login --resource …
/// --call` (the MCP Swift SDK's client over oauthgen's transport) against the Python MCP server
/// at its defaults, signed in at django-oauth-toolkit, which rotates refresh tokens and revokes
/// the grant when one is used twice. The stored access token expires; eight processes started
/// together then make one refresh between them, none gets `invalid_grant`, none opens a browser,
/// and the stored sign-in lives on.
@Suite(
    .enabled("needs django-oauth-toolkit and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() },
    .serialized)
struct ManyAgentsTests {
    static let agents = 8

    static func agent(_ endpoint: URL, store: String, browser: String, call: [String]) async throws -> ProcessRunner.Run
    {
        try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--resource", endpoint.absoluteString, "--allow-insecure-loopback", "--store", store, "--json",
                "--timeout", "120",
                "--browser-command", browser,
            ] + call)
    }

    /// ``agents`` processes started together on `store`, each calling `add` with its index and 1;
    /// no browser (a command that fails would fail the run that tried it).
    static func agentsTogether(_ endpoint: URL, store path: String) async throws -> [ProcessRunner.Run] {
        try await withThrowingTaskGroup(of: ProcessRunner.Run.self) { group in
            for index in 0..<Self.agents {
                group.addTask {
                    try await Self.agent(
                        endpoint, store: path, browser: "/bin/false",
                        call: ["--call", "add", "--arguments", #"{"a": \#(index), "b": 1}"#])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    static func report(_ run: ProcessRunner.Run) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any] ?? [:]
    }

    /// Marks the store's one resource sign-in expired, as the clock would.
    func expire(_ store: FileTokenStore) async throws {
        let accounts = store.accounts().filter { $0 != FileTokenStore.defaultAccount }
        try #require(accounts.count == 1, "\(accounts)")
        let account = store.forAccount(accounts[0])
        var record = try #require(try await account.load())
        record.tokens.expiresAt = Date(timeIntervalSinceNow: -60)
        try await account.save(record)
    }

    /// Issue 45, G9: four agents started together on an empty store register one client and
    /// open one browser between them: the registration and the first sign-in are made under the
    /// store's lock for the resource, and the others find them. Seen failing before: four
    /// registrations and four browser sign-ins.
    @Test func fourAgentsOnAnEmptyStoreRegisterOnceAndSignInOnce() async throws {
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider)
        defer { server.stop() }
        let directory = try makeTestDirectory("oauthgen-agents")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store").path
        let counting = try CountingBrowser(
            in: directory, running: [provider.python, provider.driver, "--username", "victor"])

        let endpoint = server.endpoint
        let browser = counting.path
        let runs = try await withThrowingTaskGroup(of: ProcessRunner.Run.self) { group in
            for _ in 0..<4 {
                group.addTask { try await Self.agent(endpoint, store: path, browser: browser, call: ["--mcp"]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        let reports = runs.map(Self.report)
        #expect(Set(reports.compactMap { $0["client_id"] as? String }).count == 1)
        #expect(reports.filter { $0["registration_reused"] as? Bool == false }.count == 1)
        #expect(reports.filter { $0["sign_in_reused"] as? Bool == false }.count == 1)
        #expect(counting.openings == 1)
    }

    /// Issue 53, item 2: every agent took the store's first-sign-in lock, even with a stored
    /// registration and sign-in, and did its discovery holding it: agents started together took
    /// turns. With the lock held elsewhere (a first sign-in under way for another resource's
    /// agent, a stuck process), an agent whose store holds both answers at once; before, it
    /// waited for the lock and ended at its --timeout.
    @Test func aStoredSignInNeedsNoFirstSignInLock() async throws {
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider)
        defer { server.stop() }
        let directory = try makeTestDirectory("oauthgen-agents")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store").path
        let first = try await Self.agent(
            server.endpoint, store: path, browser: provider.browserCommand + " --username walter", call: ["--mcp"])
        #expect(first.status == 0, "\(first.stderr)")
        let held = try #require(
            try await FileTokenStore(directory: path).holdFirstSignInLock(
                named: "first sign-in to \(server.endpoint.absoluteString)", timeout: .seconds(5)))
        defer { held.release() }
        let started = ContinuousClock.now
        let second = try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--resource", server.endpoint.absoluteString, "--allow-insecure-loopback", "--store", path, "--json",
                "--timeout", "20", "--browser-command", "/bin/false", "--mcp",
            ])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Self.report(second)["sign_in_reused"] as? Bool == true)
        print("an agent with a stored sign-in, the first-sign-in lock held elsewhere: \(ContinuousClock.now - started)")
    }

    @Test func eightProcessesShareOneRefreshAndNoBrowser() async throws {
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider, logsTokens: true)
        defer { server.stop() }
        let directory = try makeTestDirectory("oauthgen-agents")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("mcp-sign-ins.json").path

        // The one interactive sign-in; the server lists its tools.
        let endpoint = server.endpoint
        let first = try await Self.agent(
            endpoint, store: path, browser: provider.browserCommand + " --username victor", call: ["--mcp"])
        let listed = Self.report(first)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(listed["mcp_tools"] as? [String] == MCPTestServer.tools)
        #expect(server.distinctTokens().count == 1)

        for round in 1...2 {
            try await expire(FileTokenStore(directory: path))
            let runs = try await Self.agentsTogether(endpoint, store: path).map { ($0, Self.report($0)) }
            for (run, report) in runs {
                #expect(run.status == 0, "round \(round): \(run.stderr)")
                #expect(report["sign_in_reused"] as? Bool == true, "round \(round)")
            }
            #expect(
                Set(runs.compactMap { ($0.1["mcp_result"] as? [String])?.first })
                    == Set((1...Self.agents).map(String.init)))
            // One refresh per expiry: the first token, then one more per round.
            #expect(server.distinctTokens().count == 1 + round, "round \(round)")
        }
    }

    /// Issue 53, item 2: the store's access token ends at the provider before the client's clock
    /// says so (an expiry on the way, a revocation that spares the refresh token); eight agents
    /// then meet `invalid_token` together and make one refresh between them. The renewed token is
    /// accepted, then ends early in turn: renewed once more. Before, the second round ended in
    /// 401s, the renewed token's mark ("renewed after a rejection") withholding every renewal.
    @Test func eightAgentsRenewATokenThatEndedEarlyOnceEachTime() async throws {
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider, logsTokens: true)
        defer { server.stop() }
        let directory = try makeTestDirectory("oauthgen-agents")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store").path
        let endpoint = server.endpoint
        let first = try await Self.agent(
            endpoint, store: path, browser: provider.browserCommand + " --username walter", call: ["--mcp"])
        #expect(first.status == 0, "\(first.stderr)")
        for round in 1...2 {
            let store = FileTokenStore(directory: path)
            let account = try #require(store.accounts().first { $0 != FileTokenStore.defaultAccount })
            try provider.expireAtTheProvider(
                try #require(try await store.forAccount(account).load()?.tokens.accessToken))
            let runs = try await Self.agentsTogether(endpoint, store: path)
            for run in runs { #expect(run.status == 0, "round \(round): \(run.stderr)") }
            #expect(server.distinctTokens().count == 1 + round, "round \(round)")
        }
    }
}
