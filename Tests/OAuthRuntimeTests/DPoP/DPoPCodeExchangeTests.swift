import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// A code bound to the app's DPoP key (`dpop_jkt`, RFC 9449 §10) can only be exchanged with a
/// proof from that key, which never leaves the app: the client refuses an exchange that cannot
/// sign, and a bearer answer from one that claims it can.
@Suite struct DPoPCodeExchangeTests {
    /// An app's own exchange, as an app would write one: here, one that answers with the token it is given.
    struct FixedAnswerExchange: CodeExchange {
        let signsDPoPProofs: Bool
        let answer: TokenSet
        func exchange(_ grant: CodeGrant, now: Date) async throws -> TokenSet { answer }
    }

    static func configuration(dpop: Bool) -> ProviderConfiguration {
        var quirks = ProviderQuirks()
        quirks.dpop = dpop
        return testConfiguration(quirks: quirks)
    }

    @Test func aBackendExchangeIsRefusedForAProviderWithDPoPBoundTokens() throws {
        let backend = try BackendCodeExchange(
            url: URL(string: "https://api.example.com/oauth/exchange")!, transport: NoNetwork())
        #expect(
            throws: OAuthError(
                .invalidConfiguration,
                "expected a code exchange that signs DPoP proofs with the app's key for a provider whose tokens are DPoP-bound, "
                    + "found BackendCodeExchange, which does not (the key never leaves the app)")
        ) {
            try OAuthClient<DiscoveredProvider>(
                configuration: Self.configuration(dpop: true),
                options: ClientOptions(transport: NoNetwork(), codeExchange: backend))
        }
        // The control: without DPoP the same exchange is fine.
        _ = try OAuthClient<DiscoveredProvider>(
            configuration: Self.configuration(dpop: false),
            options: ClientOptions(transport: NoNetwork(), codeExchange: backend))
    }

    @Test func aBearerAnswerToACodeBoundToTheKeyIsRefused() async throws {
        let exchange = FixedAnswerExchange(
            signsDPoPProofs: true, answer: TokenSet(accessToken: "at", tokenType: "Bearer"))
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: Self.configuration(dpop: true),
            options: ClientOptions(transport: NoNetwork(), codeExchange: exchange))
        let pending = PendingAuthorization<DiscoveredProvider>(
            state: "s-1", nonce: nil, pkce: PKCE(), redirectURI: URL(string: "com.example.app:/cb")!,
            issuer: "https://id.example.com",
            clientID: "client-1", scopes: ["email"], createdAt: Date(), dpopKey: DPoPSigningKey(SoftwareDPoPKey()))
        await #expect(
            throws: OAuthError(
                .invalidTokenResponse,
                "expected a token response per RFC 6749 §5.1, found the token type \"Bearer\" for a code bound to a DPoP key (RFC 9449 §5 requires DPoP)"
            )
        ) {
            try await client.exchange(AuthorizationCode(code: "c-1"), pending: pending)
        }
    }

    @Test func aDPoPAnswerKeepsTheRequestsKey() async throws {
        let exchange = FixedAnswerExchange(
            signsDPoPProofs: true, answer: TokenSet(accessToken: "at", tokenType: "DPoP"))
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: Self.configuration(dpop: true),
            options: ClientOptions(transport: NoNetwork(), codeExchange: exchange))
        let key = DPoPSigningKey(SoftwareDPoPKey())
        let pending = PendingAuthorization<DiscoveredProvider>(
            state: "s-1", nonce: nil, pkce: PKCE(), redirectURI: URL(string: "com.example.app:/cb")!,
            issuer: "https://id.example.com",
            clientID: "client-1", scopes: ["email"], createdAt: Date(), dpopKey: key)
        let signIn = try await client.exchange(AuthorizationCode(code: "c-1"), pending: pending)
        // Without the key a relaunched app could not refresh or present the token.
        #expect(signIn.tokens.dpopKey == key)
    }
}
