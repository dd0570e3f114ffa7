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
/// with SIGKILL. The advisory lock goes with its connection: another replica waiting for it
/// holds it within a second of the kill.
@Suite(.enabled("needs PostgreSQL") { await PostgresServer.isAvailableOffPool() }, .serialized)
struct KilledLockHolderTests {
    /// A protected resource and its authorization server in one (RFC 9728, RFC 8414): the least
    /// a client-credentials client needs, and a token endpoint that stalls once told to.
    final class StallingServer: Sendable {
        let stalls = LockedBox(false)
        let issued = LockedBox(0)
        let http: LocalHTTPServer

        init() throws {
            let stalls = stalls
            let issued = issued
            let origin = LockedBox("")
            http = try LocalHTTPServer { request in
                let base = origin.value
                if request.path.hasPrefix("/.well-known/oauth-protected-resource") {
                    return .json(#"{"resource": "\#(base)/api", "authorization_servers": ["\#(base)"]}"#)
                }
                if request.path == "/.well-known/oauth-authorization-server" {
                    return .json(
                        #"{"issuer": "\#(base)", "token_endpoint": "\#(base)/token", "#
                            + #""grant_types_supported": ["client_credentials"], "#
                            + #""token_endpoint_auth_methods_supported": ["client_secret_basic"]}"#)
                }
                if request.path == "/token" {
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

    @Test func aKilledHoldersLockIsHeldByAnotherWithinASecond() async throws {
        let fixture = try PostgresStoreFixture()
        let server = try StallingServer()
        defer { server.http.stop() }
        let directory = try makeTestDirectory("oauthgen-killed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = try fixture.writeKey(in: directory)
        let secret = directory.appendingPathComponent("secret").path
        FileManager.default.createFile(
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
        let holder = Process()
        holder.executableURL = login
        holder.arguments = arguments
        holder.currentDirectoryURL = directory
        holder.environment = ProcessInfo.processInfo.environment.merging(fixture.server.appEnvironment) { $1 }
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        try await Bounded.poll(for: .seconds(60)) { server.http.requests(to: "/token").count == 2 }

        let acquired = LockedBox<ContinuousClock.Instant?>(nil)
        let waiter = Task {
            let lock = try await entry.lockForUpdate()
            acquired.value = ContinuousClock.now
            lock?.release()
        }
        // The holder has it: the waiter is still waiting a second later.
        try await Task.sleep(for: .seconds(1))
        #expect(acquired.value == nil, "the lock was not held by the stalled renewal")
        let killed = ContinuousClock.now
        kill(holder.processIdentifier, SIGKILL)
        try await waiter.value
        holder.waitUntilExit()
        let delay = try #require(acquired.value) - killed
        print("lock held by another replica \(delay) after the holder's SIGKILL")
        #expect(delay < .seconds(1))
        // The killed replica wrote nothing: the expired token is still the stored one.
        #expect(try await entry.load()?.tokens.accessToken == "AT-1")
    }
}
#endif
