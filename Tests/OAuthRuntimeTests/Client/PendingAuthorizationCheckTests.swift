import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// A pending authorization is persisted across launches, so the client that finishes it checks
/// it whole: its client ID, its issuer and its age — before the callback or the network.
@Suite struct PendingAuthorizationCheckTests {
    let client: OAuthClient<DiscoveredProvider>
    let callback = URL(string: "com.example.app:/cb?code=c-1&state=s-1")!

    init() throws {
        client = try OAuthClient<DiscoveredProvider>(
            configuration: testConfiguration(), options: ClientOptions(transport: NoNetwork()))
    }

    func pending(
        clientID: String = "client-1", issuer: String? = "https://id.example.com", age: TimeInterval = 5
    ) -> PendingAuthorization<DiscoveredProvider> {
        PendingAuthorization(
            state: "s-1", nonce: "n-1", pkce: PKCE(), redirectURI: URL(string: "com.example.app:/cb")!, issuer: issuer,
            clientID: clientID, scopes: ["openid"], createdAt: Date(timeIntervalSinceNow: -age))
    }

    @Test func anotherClientsPendingAuthorizationIsRefused() async {
        await #expect(
            throws: OAuthError(
                .pendingAuthorizationMismatch,
                "expected a pending authorization for client \"client-1\", found one for \"client-2\"")
        ) {
            try await client.finishAuthorization(callback: callback, pending: pending(clientID: "client-2"))
        }
    }

    @Test func anotherIssuersPendingAuthorizationIsRefused() async {
        await #expect(
            throws: OAuthError(
                .pendingAuthorizationMismatch,
                "expected a pending authorization for issuer \"https://id.example.com\", found one for \"https://evil.example.com\""
            )
        ) {
            try await client.finishAuthorization(
                callback: callback, pending: pending(issuer: "https://evil.example.com"))
        }
    }

    @Test func aStalePendingAuthorizationIsRefused() async {
        await #expect(
            throws: OAuthError(
                .pendingAuthorizationExpired,
                "expected a pending authorization at most 600 s old, found one 3600 s old; start a new sign-in")
        ) {
            try await client.finishAuthorization(callback: callback, pending: pending(age: 3600))
        }
        // The exchange step checks too, for apps that validate the callback themselves.
        await #expect {
            try await client.exchange(AuthorizationCode(code: "c-1"), pending: pending(age: 3600))
        } throws: {
            ($0 as? OAuthError)?.kind == .pendingAuthorizationExpired
        }
    }

    @Test func theLifetimeIsTheClients() async throws {
        let patient = try OAuthClient<DiscoveredProvider>(
            configuration: testConfiguration(),
            options: ClientOptions(transport: NoNetwork(), pendingAuthorizationLifetime: 7200))
        // Past the check, the next step is the token request, which this transport refuses; the
        // system's error is kept, so an app can tell "offline" from "timed out".
        await #expect {
            try await patient.finishAuthorization(callback: callback, pending: pending(age: 3600))
        } throws: {
            let error = $0 as? OAuthError
            return error?.kind == .network && (error?.underlyingError as? URLError)?.code == .notConnectedToInternet
        }
    }
}

/// A transport for tests that must not reach the network.
struct NoNetwork: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw URLError(.notConnectedToInternet) }
}
