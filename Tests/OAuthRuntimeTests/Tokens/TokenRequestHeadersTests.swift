import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing
import TestSupport

/// The quirk key `tokenRequestHeaders` at run time: extra headers, never the client's own.
@Suite struct TokenRequestHeadersTests {
    static func client(_ transport: LocalTransport, headers: [QuirkParameter]) throws -> OAuthClient<DiscoveredProvider>
    {
        try OAuthClient<DiscoveredProvider>(
            configuration: testConfiguration(kind: .oauth2, quirks: ProviderQuirks(tokenRequestHeaders: headers)),
            options: ClientOptions(clientSecret: "s", transport: transport))
    }

    static let signIn = SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "at", refreshToken: "rt"))

    /// Before the fix, the quirk's value replaced the client's Basic credentials (or DPoP proof,
    /// or framing) in five launches of six, depending on dictionary order.
    @Test(arguments: [
        "Authorization", "authorization", "DPoP", "dpop", "Content-Length", "HOST", "Content-Type", "Transfer-Encoding",
    ])
    func aHeaderTheClientSetsIsRefusedAndNothingIsSent(name: String) async throws {
        let transport = LocalTransport()
        await transport.set("https://id.example.com/token", json(#"{"access_token":"a","token_type":"Bearer"}"#))
        let client = try Self.client(transport, headers: [QuirkParameter(name: name, value: "x")])
        await #expect(
            throws: OAuthError(
                .invalidRequest,
                "expected extra token request headers the client does not set itself, found \"\(name)\"")
        ) {
            try await client.refresh(Self.signIn)
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test func aValueThatWouldStartAnotherFieldIsRefused() async throws {
        let transport = LocalTransport()
        let client = try Self.client(
            transport, headers: [QuirkParameter(name: "X-Tenant", value: "a\r\nAuthorization: Basic eA==")])
        await #expect(
            throws: OAuthError(
                .invalidRequest,
                "expected extra token request headers with a field name and a value without control characters (RFC 9110 §5), found \"X-Tenant\""
            )
        ) {
            try await client.refresh(Self.signIn)
        }
        #expect(await transport.requests.isEmpty)
    }

    /// Field names have no case: the provider's `accept` replaces the client's `Accept`, leaving one.
    @Test func anAcceptInAnyCaseReplacesTheClientsOneAndOtherHeadersAreAdded() async throws {
        let transport = LocalTransport()
        await transport.set("https://id.example.com/token", json(#"{"access_token":"a","token_type":"Bearer"}"#))
        let client = try Self.client(
            transport,
            headers: [
                QuirkParameter(name: "accept", value: "application/vnd.github+json"),
                QuirkParameter(name: "X-Api-Version", value: "2"),
            ])
        _ = try await client.refresh(Self.signIn)
        let request = try #require(await transport.requests.first)
        #expect(request.headers.filter { $0.key.lowercased() == "accept" } == ["accept": "application/vnd.github+json"])
        #expect(request.headers["X-Api-Version"] == "2")
        #expect(request.headers["Authorization"]?.hasPrefix("Basic ") == true)
    }
}
