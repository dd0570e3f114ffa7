import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import TestSupport
import RuntimeTestSupport
import Testing

/// An app and its widget on one Keychain item, coordinating through a file in the app group's
/// container: one refresh between them, and each sees the other's changes at its next call.
@Suite struct SharedKeychainTests {
    let tokens: RotatingTokenServer
    var endpoint: RotatingTokenServer.Endpoint { tokens.endpoint }
    var server: LocalHTTPServer { tokens.server }
    let container = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-group-\(UUID().uuidString)")

    init() throws {
        tokens = try RotatingTokenServer()
    }

    func process(_ keychain: TestKeychain) throws -> OAuthSession<DiscoveredProvider> {
        let store = KeychainItemStore(
            items: keychain, account: "default", accessGroup: "TEAM.com.example.shared",
            coordination: StoreCoordinationFile(path: container.appendingPathComponent("signin.lock").path))
        var configuration = testConfiguration(kind: .oauth2)
        configuration.endpoints.token = URL(string: "\(server.origin)/token")!
        configuration.endpoints.revocation = nil
        return OAuthSession(
            client: try OAuthClient<DiscoveredProvider>(
                configuration: configuration, options: ClientOptions(allowInsecureLoopback: true)), store: store)
    }

    @Test func theAppAndItsWidgetRefreshOnceAndSeeEachOthersChanges() async throws {
        defer { try? FileManager.default.removeItem(at: container) }
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        let keychain = TestKeychain()
        let app = try process(keychain)
        let widget = try process(keychain)
        try await app.keep(
            .withoutIDToken(
                TokenSet(accessToken: "AT-1", expiresAt: Date(timeIntervalSinceNow: -10), refreshToken: "RT-1")))
        #expect(try await widget.currentSignIn()?.tokens.accessToken == "AT-1")

        async let fromApp = app.validAccessToken()
        async let fromWidget = widget.validAccessToken()
        #expect(try await [fromApp, fromWidget] == ["AT-2", "AT-2"])
        #expect(endpoint.refreshes == 1)

        #expect(try await app.signOut() == .notRevocable)
        #expect(try await widget.currentSignIn() == nil)
    }
}
