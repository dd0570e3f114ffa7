#if PostgreSQL
import Foundation
@_spi(BuildingBlocks) import OAuthRuntime
import OAuthPostgresStore
import Testing
import TestSupport

/// Issue 53, H8: `oauthgen-login --list` and `--forget` refused a database ("list or remove its
/// rows with psql"). They now read and prune it as a folder, through the store's own listing.
@Suite(
    .enabled("needs PostgreSQL, django-oauth-toolkit and the Python mcp SDK") {
        let database = await PostgresServer.isAvailableOffPool()
        return await DjangoProvider.isAvailableOffPool() && database
    })
struct DatabaseListingTests {
    @Test func listAndForgetWorkOnADatabase() async throws {
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider)
        defer { server.stop() }
        let fixture = try await PostgresStoreFixture.make()
        let directory = try makeTestDirectory("oauthgen-database-listing")
        defer { try? FileManager.default.removeItem(at: directory) }
        let replica = try FleetTests.replicas(1, in: directory, fixture: fixture)[0]
        let signedIn = try await FleetTests.run(
            replica, server.endpoint, fixture: fixture, browser: provider.browserCommand + " --username grace",
            call: ["--mcp"])
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        let clientID = try #require(FleetTests.report(signedIn)["client_id"] as? String)

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
