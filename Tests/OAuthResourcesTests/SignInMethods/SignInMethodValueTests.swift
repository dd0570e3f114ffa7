import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
@_spi(BuildingBlocks) @testable import OAuthResources
import RuntimeTestSupport
import Testing

/// Each of the package's sign-in methods as a value: its grant, its client, its credentials, the
/// step-ups it answers, and the catalog entry's changes to it. (Their sign-ins run against real
/// servers in the session and MCP tests.)
@Suite struct SignInMethodValueTests {
    static let resource = URL(string: "https://mcp.example.com/mcp")!
    static let scopes = SignInDemand(scopes: ["read", "write"])
    static let challenge = SignInDemand(scopes: ["read"], acrValues: ["urn:mace:incommon:iap:silver"], maxAge: 60)

    struct Issuer: IdentityAssertionIssuer {
        var identityProviderIssuer: String { "https://idp.example.com" }
        func identityAssertion(
            audience: String, resource: URL, scopes: [String]
        ) async throws(OAuthError)
            -> ExchangedToken
        { throw OAuthError(.invalidConfiguration, "not in this test") }
    }

    /// No person, no step-up: a client signing in as itself is granted no more than it was.
    @Test func clientCredentialsAreBoundAndNeverStepUp() throws {
        let method = ClientCredentialsIdentity(clientID: "agent", issuer: "https://as.example.com", clientSecret: "s")
        #expect(method.grant == .clientCredentials && !method.involvesPerson && method.redirectURI == nil)
        #expect(method.client.description == "client agent at https://as.example.com")
        #expect(method.clientOptions(ClientOptions()).clientSecret == "s")
        for demand in [Self.scopes, Self.challenge] {
            let error = #expect(throws: OAuthError.self) { try method.requireStepUp(demand, resource: Self.resource) }
            #expect(error?.kind == .stepUpUnavailable)
            #expect(error?.message.contains("found it asking for \(demand.summary)") == true)
        }
    }

    /// A workload has no client ID: its sign-ins are kept under its file's name, never sent.
    @Test func aWorkloadIsUnregistered() throws {
        let method = WorkloadIdentity(tokenFile: URL(fileURLWithPath: "/var/run/secrets/token"))
        #expect(method.grant == .workloadIdentity && !method.involvesPerson)
        #expect(method.client.description == "no registration (workload /var/run/secrets/token)")
        #expect(method.client.strategy.clientOptions(ClientOptions()).anonymous)
        #expect(throws: OAuthError.self) { try method.requireStepUp(Self.scopes, resource: Self.resource) }
    }

    /// More scopes come with another ID-JAG; an RFC 9470 challenge is the app's to meet.
    @Test func anEnterpriseIdentityAnswersScopesNotAuthentication() throws {
        let bound = EnterpriseIdentity(
            identityProvider: Issuer(), clientID: "agent", issuer: "https://as.example.com", clientSecret: "s")
        #expect(
            bound.grant == .identityAssertion && bound.client.description == "client agent at https://as.example.com")
        try bound.requireStepUp(Self.scopes, resource: Self.resource)
        let error = #expect(throws: OAuthError.self) {
            try bound.requireStepUp(Self.challenge, resource: Self.resource)
        }
        #expect(error?.kind == .interactionRequired)
        let document = EnterpriseIdentity(
            identityProvider: Issuer(), clientMetadataDocument: URL(string: "https://app.example.com/client.json")!)
        #expect(document.client.description == "client metadata document https://app.example.com/client.json")
    }

    /// The device grant's request cannot carry `acr_values` or `max_age` (RFC 8628 §3.1).
    @Test func theDeviceGrantAnswersScopesNotAuthentication() throws {
        let method = DeviceGrantSignIn(
            client: .dynamic(clientName: "tests"), presenter: ResourceClientRegistrarTests.NoPresenter())
        #expect(method.grant == .deviceCode && method.involvesPerson && method.redirectURI == nil)
        try method.requireStepUp(Self.scopes, resource: Self.resource)
        let error = #expect(throws: OAuthError.self) {
            try method.requireStepUp(Self.challenge, resource: Self.resource)
        }
        #expect(error?.kind == .stepUpUnavailable)
    }

    /// A server's loopback host changes the browser's redirect (its port and path kept), unless
    /// the registration lists its own redirects; no other method has one to change.
    @Test func aLoopbackHostChangesOnlyABrowsersOwnRedirect() throws {
        let redirect = try RegisteredRedirectURI(URL(string: "http://127.0.0.1:8123/callback")!)
        let browser = BrowserSignIn(
            client: .dynamic(clientName: "tests"), redirectURI: redirect, userAgent: OpenedURLs())
        #expect(
            browser.redirecting(loopbackHost: .localhost).redirectURI?.url.absoluteString
                == "http://localhost:8123/callback")
        #expect(browser.redirecting(loopbackHost: .ipv4Literal).redirectURI == redirect)
        let document = BrowserSignIn(
            client: .metadataDocument(URL(string: "https://app.example.com/client.json")!), redirectURI: redirect,
            userAgent: OpenedURLs())
        #expect(document.redirecting(loopbackHost: .localhost).redirectURI == redirect)
        let device = DeviceGrantSignIn(
            client: .dynamic(clientName: "tests"), presenter: ResourceClientRegistrarTests.NoPresenter())
        #expect(device.redirecting(loopbackHost: .localhost).redirectURI == nil)
    }

    /// A server that registers no one refuses a method that would register, and only that.
    @Test func aServerThatRegistersNoOneRefusesOnlyARegistration() throws {
        let found = try ResourceClientRegistrarTests.found("https://as.example.com")
        let catalog = ServerQuirkCatalog(entries: [
            ServerQuirkEntry(
                name: "Closed", issuerPattern: "https://as.example.com",
                quirks: ServerQuirks(loopbackHost: .localhost, registrationUnavailable: true), sources: ["a test"])
        ])
        let redirect = try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!)
        let dynamic = BrowserSignIn(
            client: .dynamic(clientName: "tests"), redirectURI: redirect, userAgent: OpenedURLs())
        let error = #expect(throws: OAuthError.self) { _ = try catalog.apply(to: found, method: dynamic) }
        #expect(error?.kind == .invalidConfiguration)
        #expect(error?.message.contains("does not allow (a test)") == true)
        let byHand = BrowserSignIn(client: .preregistered("app"), redirectURI: redirect, userAgent: OpenedURLs())
        let applied = try catalog.apply(to: found, method: byHand)
        #expect(applied.entry?.name == "Closed")
        #expect(applied.method.redirectURI?.url.host == "localhost")
    }
}
