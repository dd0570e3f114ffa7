#if PostgreSQL
import Foundation
import OAuthLocking
@_spi(BuildingBlocks) import OAuthRuntime
import OAuthPostgresStore
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A replica killed while it holds a sign-in's lock: `oauthgen-login --client-credentials` renews
/// an expired token under the PostgreSQL lock, its token request never answered, and is killed
/// with SIGKILL. The advisory lock goes with its connection: another replica, a second
/// `oauthgen-login` waiting for the lock, sends its own token request seconds at most after the
/// kill (about 0.2 s idle, 1.1 s once under the full suite), not the 15 s the lock would time out in.
/// Both instants are taken off Swift's cooperative threads (the kill here, the request on the
/// server's own thread), so a busy test process does not stretch the measure.
@Suite(.enabled("needs PostgreSQL") { await PostgresServer.isAvailableOffPool() }, .serialized)
struct KilledLockHolderTests {
    /// A protected resource and its authorization server in one (RFC 9728, RFC 8414): the least
    /// a client-credentials client needs, and a token endpoint that stalls once told to.
    final class StallingServer: Sendable {
        let stalls = LockedBox(false)
        let issued = LockedBox(0)
        /// When each token request arrived, on the server's thread.
        let arrivals = LockedBox<[ContinuousClock.Instant]>([])
        let http: LocalHTTPServer

        init() throws {
            let stalls = stalls
            let issued = issued
            let arrivals = arrivals
            let origin = LockedBox("")
            http = try LocalHTTPServer { request in
                let base = origin.value
                if request.path.hasPrefix("/.well-known/oauth-protected-resource") {
                    return .json(#"{"resource": "\#(base)/api", "authorization_servers": ["\#(base)"]}"#)
                }
                if request.path == "/.well-known/oauth-authorization-server" {
                    // grant_types_supported is needed: absent, it means authorization_code and
                    // implicit alone (RFC 8414 §2); the auth methods' default is client_secret_basic.
                    return .json(
                        #"{"issuer": "\#(base)", "token_endpoint": "\#(base)/token", "#
                            + #""grant_types_supported": ["client_credentials"]}"#)
                }
                if request.path == "/token" {
                    arrivals.withLock { $0.append(ContinuousClock.now) }
                    if stalls.value { return LocalHTTPServer.Response(stall: .beforeResponse) }
                    let number = issued.withLock { count -> Int in
                        count += 1
                        return count
                    }
                    return .json(#"{"access_token": "AT-\#(number)", "token_type": "Bearer", "expires_in": 3600}"#)
                }
                if request.headers["authorization"]?.hasPrefix("Bearer AT-") == true { return .json("{}") }
                return LocalHTTPServer.Response(
                    status: 401,
                    fields: [
                        .init(
                            "WWW-Authenticate",
                            #"Bearer resource_metadata="\#(base)/.well-known/oauth-protected-resource/api""#)
                    ])
            }
            origin.value = http.origin
        }
    }

    @Test func aKilledHoldersLockDelaysTheNextReplicaByLessThanASecond() async throws {
        let fixture = try await PostgresStoreFixture.make()
        let server = try StallingServer()
        defer { server.http.stop() }
        let directory = try makeTestDirectory("oauthgen-killed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = try fixture.writeKey(in: directory)
        let secret = directory.appendingPathComponent("secret").path
        _ = FileManager.default.createFile(
            atPath: secret, contents: Data("s3cret".utf8), attributes: [.posixPermissions: 0o600])
        let arguments = [
            "--resource", server.http.origin + "/api", "--client-credentials", "--client-id", "agent",
            "--client-secret-file", secret, "--authorization-server", server.http.origin, "--store", fixture.url,
            "--store-key", key, "--allow-insecure-loopback", "--json", "--timeout", "120",
        ]
        let login = ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login")
        let first = try await ProcessRunner.runDetached(
            login, arguments, in: directory, environment: fixture.server.appEnvironment)
        #expect(first.status == 0, "\(first.stderr)")

        // The token expires; the next run renews it under the lock, and its request stalls.
        let store = try fixture.store()
        defer { Task { await store.close() } }
        let account = try #require(try await store.accounts().first { $0 != PostgresTokenStore.defaultAccount })
        let entry = store.forAccount(account)
        var record = try #require(try await entry.load())
        record.tokens.expiresAt = Date(timeIntervalSinceNow: -60)
        try await entry.save(record)
        server.stalls.value = true
        let holder = try Self.start(login, arguments, in: directory, environment: fixture.server.appEnvironment)
        try await Bounded.poll(for: .seconds(60)) { server.http.requests(to: "/token").count == 2 }

        // The second replica waits for the lock: a second later it has sent nothing.
        let waiterOutput = directory.appendingPathComponent("waiter.json")
        let waiter = try Self.start(
            login, arguments, in: directory, environment: fixture.server.appEnvironment, output: waiterOutput)
        try await Task.sleep(for: .seconds(1))
        #expect(server.arrivals.value.count == 2, "the second replica renewed while the first held the lock")
        server.stalls.value = false
        let killed = ContinuousClock.now
        kill(holder.processIdentifier, SIGKILL)
        try await Bounded.poll(for: .seconds(30)) { server.arrivals.value.count == 3 }
        let delay = server.arrivals.value[2] - killed
        print("the waiting replica's token request came \(delay) after the holder's SIGKILL")
        #expect(delay < .seconds(5))
        try await Bounded.poll(for: .seconds(60)) { waiter.exitStatus != nil }
        #expect(holder.waitForExit(within: 30) != nil)
        #expect(waiter.exitStatus == 0)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: waiterOutput)) as? [String: Any]
        #expect(report?["refreshed"] as? Bool == true)
        // The killed replica wrote nothing; the waiter's renewal is the stored one.
        #expect(try await entry.load()?.tokens.accessToken == "AT-2")
    }

    /// `oauthgen-login` started and left running; its standard output to `output`.
    static func start(
        _ login: URL, _ arguments: [String], in directory: URL, environment: [String: String], output: URL? = nil
    ) throws -> Process {
        let process = Process()
        process.executableURL = login
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let output {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        return process
    }
}
#endif
