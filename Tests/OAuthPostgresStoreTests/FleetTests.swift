#if PostgreSQL
import Foundation
@_spi(BuildingBlocks) import OAuthRuntime
import OAuthPostgresStore
import Testing
import TestSupport

/// A fleet: `oauthgen-login --resource … --store postgres://…` processes that share nothing but
/// the database (each its own home, working folder and copy of the key), against the Python MCP
/// server at its defaults, signed in at django-oauth-toolkit, which rotates refresh tokens and
/// revokes the grant when one is used twice.
@Suite(
    .enabled("needs PostgreSQL, django-oauth-toolkit and the Python mcp SDK") {
        let database = await PostgresServer.isAvailableOffPool()
        return await DjangoProvider.isAvailableOffPool() && database
    },
    .serialized)
struct FleetTests {
    static let replicas = 8

    /// A replica's own folder: its home and working folder, holding its copy of the key.
    struct Replica {
        let home: URL
        let key: String
    }

    static func replicas(_ count: Int, in directory: URL, fixture: PostgresStoreFixture) throws -> [Replica] {
        try (0..<count).map { index in
            let home = directory.appendingPathComponent("replica-\(index)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            return Replica(home: home, key: try fixture.writeKey(in: home))
        }
    }

    static func run(
        _ replica: Replica, _ endpoint: URL, fixture: PostgresStoreFixture, browser: String, call: [String]
    ) async throws -> ProcessRunner.Run {
        try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--resource", endpoint.absoluteString, "--allow-insecure-loopback", "--store", fixture.url,
                "--store-key", replica.key, "--json", "--timeout", "120", "--browser-command", browser,
            ] + call, in: replica.home,
            environment: fixture.server.appEnvironment.merging(["HOME": replica.home.path]) { $1 })
    }

    static func report(_ run: ProcessRunner.Run) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any] ?? [:]
    }

    /// Four replicas started together on an empty database register one client and open one
    /// browser between them: the registration and first sign-in lock is a row lock too.
    @Test func fourReplicasOnAnEmptyDatabaseRegisterOnceAndSignInOnce() async throws {
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider)
        defer { server.stop() }
        let fixture = try await PostgresStoreFixture.make()
        let directory = try makeTestDirectory("oauthgen-fleet")
        defer { try? FileManager.default.removeItem(at: directory) }
        let counting = try CountingBrowser(
            in: directory, running: [provider.python, provider.driver, "--username", "victor"])
        let replicas = try Self.replicas(4, in: directory, fixture: fixture)
        let endpoint = server.endpoint
        let runs = try await withThrowingTaskGroup(of: ProcessRunner.Run.self) { group in
            for replica in replicas {
                group.addTask {
                    try await Self.run(replica, endpoint, fixture: fixture, browser: counting.path, call: ["--mcp"])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        let reports = runs.map(Self.report)
        #expect(Set(reports.compactMap { $0["client_id"] as? String }).count == 1)
        #expect(reports.filter { $0["registration_reused"] as? Bool == false }.count == 1)
        #expect(reports.filter { $0["sign_in_reused"] as? Bool == false }.count == 1)
        #expect(counting.openings == 1)
        #expect(try await fixture.psql("SELECT count(*) FROM oauthgen_registrations") == "1\n")
    }

    /// The done-when of issue 48: after the token expired, eight replicas make one refresh
    /// between them, each gets its tool's answer, none opens a browser; twice.
    @Test func eightReplicasAfterExpiryMakeOneRefreshAndNoBrowser() async throws {
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider, logsTokens: true)
        defer { server.stop() }
        let fixture = try await PostgresStoreFixture.make()
        let directory = try makeTestDirectory("oauthgen-fleet")
        defer { try? FileManager.default.removeItem(at: directory) }
        let replicas = try Self.replicas(Self.replicas, in: directory, fixture: fixture)
        let endpoint = server.endpoint

        // The one interactive sign-in, by the first replica.
        let first = try await Self.run(
            replicas[0], endpoint, fixture: fixture, browser: provider.browserCommand + " --username victor",
            call: ["--mcp"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(Self.report(first)["mcp_tools"] as? [String] == MCPTestServer.tools)
        #expect(server.distinctTokens().count == 1)

        let store = try fixture.store()
        defer { Task { await store.close() } }
        let accounts = try await store.accounts()
        try #require(accounts.count == 1, "\(accounts)")
        for round in 1...2 {
            let entry = store.forAccount(accounts[0])
            var record = try #require(try await entry.load())
            record.tokens.expiresAt = Date(timeIntervalSinceNow: -60)
            try await entry.save(record)
            let started = ContinuousClock.now
            // No browser from here on: a command that fails would fail the run that tried it.
            let processes = try await withThrowingTaskGroup(of: ProcessRunner.Run.self) { group in
                for (index, replica) in replicas.enumerated() {
                    group.addTask {
                        try await Self.run(
                            replica, endpoint, fixture: fixture, browser: "/bin/false",
                            call: ["--call", "add", "--arguments", #"{"a": \#(index), "b": 1}"#])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            print("round \(round): \(Self.replicas) replicas answered in \(ContinuousClock.now - started)")
            let runs = processes.map { ($0, Self.report($0)) }
            for (run, report) in runs {
                #expect(run.status == 0, "round \(round): \(run.stderr)")
                #expect(report["sign_in_reused"] as? Bool == true, "round \(round)")
            }
            #expect(
                Set(runs.compactMap { ($0.1["mcp_result"] as? [String])?.first })
                    == Set((1...Self.replicas).map(String.init)))
            #expect(runs.filter { $0.1["refreshed"] as? Bool == true }.count == 1, "round \(round)")
            // One refresh per expiry: the first token, then one more per round.
            #expect(server.distinctTokens().count == 1 + round, "round \(round)")
        }
    }

    /// Issue 53, H8: `oauthgen-login --list` and `--forget` refused a database ("list or remove
    /// its rows with psql"). They now read and prune it as a folder, through the store's listing.
    @Test func listAndForgetWorkOnADatabase() async throws {
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider)
        defer { server.stop() }
        let fixture = try await PostgresStoreFixture.make()
        let directory = try makeTestDirectory("oauthgen-database-listing")
        defer { try? FileManager.default.removeItem(at: directory) }
        let replica = try Self.replicas(1, in: directory, fixture: fixture)[0]
        let signedIn = try await Self.run(
            replica, server.endpoint, fixture: fixture, browser: provider.browserCommand + " --username grace",
            call: ["--mcp"])
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        let clientID = try #require(Self.report(signedIn)["client_id"] as? String)

        func login(_ arguments: [String]) async throws -> ProcessRunner.Run {
            try await ProcessRunner.runDetached(
                ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
                ["--store", fixture.url, "--store-key", replica.key, "--json", "--allow-insecure-loopback"]
                    + arguments, in: replica.home, environment: fixture.server.appEnvironment)
        }
        let listed = try await login(["--list"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let signIns = listing["sign_ins"] as? [[String: Any]] ?? []
        #expect(signIns.map { $0["resource"] as? String } == [server.endpoint.absoluteString])
        #expect(signIns.first?["client_id"] as? String == clientID && signIns.first?["file"] == nil)
        #expect((listing["registrations"] as? [[String: Any]])?.map { $0["client_id"] as? String } == [clientID])
        #expect(
            listing["store"] as? String
                == "\(try PostgresStoreLocation(url: fixture.url, environment: fixture.server.appEnvironment))")
        #expect(!listed.stdout.contains("access_token"))

        let forgot = try await login(["--forget", server.endpoint.absoluteString])
        #expect(forgot.status == 0, "\(forgot.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(forgot.stdout.utf8)) as? [String: Any])
        #expect((report["forgotten_sign_ins"] as? [String])?.count == 1)
        #expect((report["forgotten_registrations"] as? [String])?.count == 1)
        #expect(try await fixture.psql("SELECT count(*) FROM oauthgen_sign_ins") == "0\n")
        #expect(try await fixture.psql("SELECT count(*) FROM oauthgen_registrations") == "0\n")
    }
}
#endif
