import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing
import TestSupport

/// Cancelling the task that awaits a sign-in ends it as cancellation and closes the listener.
@Suite struct SignInCancellationTests {
    /// A loopback agent whose "browser" writes the URL it was given to `opened` and then
    /// lingers for `linger` seconds without coming back, as a user who walked away; and an
    /// OAuth-only client whose only registered redirect is loopback, on `/oauth/cb`.
    func recordingSetup(
        linger: Int
    ) throws -> (agent: LoopbackUserAgent, client: OAuthClient<DiscoveredProvider>, opened: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-cancel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let opened = directory.appendingPathComponent("url").path
        let agent = LoopbackUserAgent(
            browserCommand: ["/bin/sh", "-c", "printf '%s' \"$1\" > \"$0\"; sleep \(linger)", opened], timeout: 3_600)
        var configuration = testConfiguration(kind: .oauth2)
        configuration.client.redirectURIs = [URL(string: "http://127.0.0.1/oauth/cb")!]
        return (agent, try OAuthClient<DiscoveredProvider>(configuration: configuration), opened, directory)
    }

    @Test func cancellingAWaitingLoopbackSignInClosesTheListener() async throws {
        let (agent, client, opened, directory) = try recordingSetup(linger: 5)
        defer { try? FileManager.default.removeItem(at: directory) }

        let signIn = Task { try await client.signIn(with: agent) }
        var url: URL?
        for _ in 0..<100 where url == nil {
            try await Task.sleep(for: .milliseconds(50))
            url = (try? String(contentsOfFile: opened, encoding: .utf8)).flatMap { URL(string: $0) }
        }
        let redirect = try #require(url?.queryParameters["redirect_uri"].flatMap(URLComponents.init(string:)))
        #expect(redirect.path == "/oauth/cb")
        let port = try #require(redirect.port.map(UInt16.init))
        // Listening while the sign-in waits.
        _ = try RawSocket(port: port)

        signIn.cancel()
        // The sign-in would wait an hour: within the 10 minutes given here, only the cancellation
        // ends it. (A 120 s time-out and 60 s bound were not enough beside two clean builds: 82 s.)
        await #expect(throws: OAuthError.taskCancelled) {
            try await Bounded.run(within: 600) { try await signIn.value }
        }
        // And nobody listens on the port any more.
        #expect(throws: RawSocket.Failure.self) { try RawSocket(port: port) }
    }

    @Test func aSignInCancelledBeforeItStartsOpensNothing() async throws {
        let (agent, client, opened, directory) = try recordingSetup(linger: 0)
        defer { try? FileManager.default.removeItem(at: directory) }
        let signIn = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.signIn(with: agent)
        }
        await #expect(throws: OAuthError.taskCancelled) {
            try await Bounded.run(within: 600) { try await signIn.value }
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(!FileManager.default.fileExists(atPath: opened))
    }
}
