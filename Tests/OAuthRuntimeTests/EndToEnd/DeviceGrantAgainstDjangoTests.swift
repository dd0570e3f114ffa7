import Foundation
import TestSupport
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// The device grant (RFC 8628) against django-oauth-toolkit: the user approves (or denies) on
/// "another device" — the headless browser, given `verification_uri_complete` — while the client polls.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() })
struct DeviceGrantAgainstDjangoTests {
    func client() async throws -> OAuthClient<DiscoveredProvider> {
        let provider = try DjangoProvider.instance()
        return try OAuthClient<DiscoveredProvider>(
            configuration: try await RealProvider.configuration(),
            options: ClientOptions(clientID: provider.deviceClientID, allowInsecureLoopback: true))
    }

    /// Runs the headless browser on the page the app would show, as the user's phone would.
    func approve(
        _ authorization: DeviceAuthorization<DiscoveredProvider>, deny: Bool = false, username: String
    ) async throws {
        let provider = try DjangoProvider.instance()
        let page = try #require(authorization.verificationURIComplete)
        let run = try await DjangoProvider.runDetached(
            provider.python,
            [provider.driver] + (deny ? ["--deny"] : []) + ["--username", username, page.absoluteString])
        #expect(run.status == 0, "\(run.output)")
    }

    @Test func theUserApprovesOnAnotherDeviceAndTheClientGetsTokens() async throws {
        let provider = try DjangoProvider.instance()
        let client = try await client()
        let started = Date()
        let authorization = try await client.authorizeDevice(scopes: ["openid", "profile"])
        #expect(authorization.verificationURI.absoluteString == "http://127.0.0.1:\(provider.port)/o/device/")
        #expect(
            authorization.verificationURIComplete?.absoluteString.hasSuffix("?user_code=\(authorization.userCode)")
                == true)
        #expect(authorization.interval == .seconds(5))
        #expect(authorization.expiresAt > started)
        // Neither code is in the description an app might log.
        #expect(!authorization.description.contains(authorization.userCode))
        #expect(!authorization.description.contains(authorization.deviceCode))

        try await approve(authorization, username: "judy")
        // The session's own device sign-in: polls, then keeps the result.
        let session = OAuthSession(client: client)
        let signIn = try await session.signIn(with: authorization)
        #expect(try await session.currentSignIn() == signIn)
        #expect(!signIn.tokens.accessToken.isEmpty)
        #expect(signIn.tokens.scopes == ["openid", "profile"])
        // The first poll waits the interval: nothing was asked sooner.
        #expect(Date().timeIntervalSince(started) >= 5)
    }

    @Test func aDeniedDeviceEndsThePolling() async throws {
        let client = try await client()
        let authorization = try await client.authorizeDevice(scopes: ["profile"])
        try await approve(authorization, deny: true, username: "mallory")
        let error = await #expect(throws: OAuthError.self) { try await client.signIn(with: authorization) }
        #expect(error?.kind == .authorizationFailed)
        #expect(error?.protocolError?.code == "access_denied")
    }

    @Test func anotherClientCannotPollForTheCode() async throws {
        let provider = try DjangoProvider.instance()
        let client = try await client()
        let authorization = try await client.authorizeDevice(scopes: ["profile"])
        let other = try OAuthClient<DiscoveredProvider>(
            configuration: try await RealProvider.configuration(),
            options: ClientOptions(clientID: provider.clientID, allowInsecureLoopback: true))
        let error = await #expect(throws: OAuthError.self) { try await other.signIn(with: authorization) }
        #expect(error?.kind == .pendingAuthorizationMismatch)
    }

    @Test func anUnknownClientGetsTheProvidersErrorTyped() async throws {
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: try await RealProvider.configuration(),
            options: ClientOptions(clientID: "nobody", allowInsecureLoopback: true))
        let error = await #expect(throws: OAuthError.self) { try await client.authorizeDevice(scopes: ["profile"]) }
        #expect(error?.kind == .requestRejected)
        // The toolkit (through oauthlib) says invalid_request with 400 for an unknown client.
        #expect(error?.protocolError?.code == "invalid_request")
        #expect(error?.httpStatus == 400)
    }
}
