import Foundation
@_spi(BuildingBlocks) @_spi(Testing) @testable import OAuthRuntime
import RuntimeTestSupport
import Testing
import TestSupport

/// Hardening 3, item 8: compare-and-clear ran only for stores with a lock. Two sessions on one
/// store without one (a `MemoryTokenStore`, a custom store, a shared Keychain item without a
/// coordination file): the second's stale refresh got `invalid_grant` and deleted the first's
/// rotated tokens. Issue 53, item 2: it then signed itself out (`signedOut`) although the store
/// held the first's valid sign-in; it adopts that sign-in now.
@Suite struct UnlockedStoreRefreshTests {
    @Test func aStaleSessionsInvalidGrantLeavesTheOthersRotatedTokens() async throws {
        let tokens = try RotatingTokenServer()
        var configuration = testConfiguration(kind: .oauth2)
        configuration.endpoints.token = URL(string: "\(tokens.server.origin)/token")!
        configuration.endpoints.revocation = nil
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(allowInsecureLoopback: true))
        let store = MemoryTokenStore(
            SignInRecord(
                tokens: TokenSet(accessToken: "AT-1", expiresAt: Date(timeIntervalSinceNow: -10), refreshToken: "RT-1"),
                idToken: nil))
        let first = OAuthSession(client: client, store: store)
        let second = OAuthSession(client: client, store: store)
        _ = try await second.currentSignIn()  // holds RT-1; nothing tells it of the refresh
        #expect(try await first.validAccessToken() == "AT-2")
        #expect(try await second.validAccessToken() == "AT-2")
        #expect(try await second.currentSignIn()?.tokens.refreshToken == "RT-2")
        #expect(await store.load()?.tokens.refreshToken == "RT-2")
        #expect(try await first.validAccessToken() == "AT-2")
    }

    @Test func aSharedKeychainStoreWithoutCoordinationIsWarnedAbout() {
        #expect(SharedKeychainCheck.warning(accessGroup: nil, hasCoordinationFile: false) == nil)
        #expect(
            SharedKeychainCheck.warning(accessGroup: "ABCDE12345.com.example.shared", hasCoordinationFile: true) == nil)
        let warning = SharedKeychainCheck.warning(
            accessGroup: "ABCDE12345.com.example.shared", hasCoordinationFile: false)
        #expect(warning?.contains("\"ABCDE12345.com.example.shared\" has no coordinationFile") == true)
    }
}
