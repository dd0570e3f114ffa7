import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

@Suite struct ProviderConfigurationTests {
    @Test func defaultsDescribeAStandardsFollowingProvider() {
        let quirks = ProviderQuirks()
        #expect(quirks.scopeSeparator == " ")
        #expect(quirks.pkce == .s256)
        #expect(quirks.tokenEndpointAuthMethod == .none)
        #expect(
            quirks.tokenResponse
                == TokenResponseQuirks(format: .json, missingTokenType: false, errorsWithStatus200: false, nestedIn: [])
        )
    }

    @Test func issuerTemplatesResolveOnlySafeValues() {
        let template = IssuerTemplate(placeholders: [.init(name: "tenantid", claim: "tid")])
        let issuer = "https://login.example.com/{tenantid}/v2.0"
        #expect(template.resolve(issuer, claims: ["tid": "abc"]) == "https://login.example.com/abc/v2.0")
        for hostile in ["", "a/b", "a?b", "a#b", "{tenantid}", "user@host"] {
            #expect(template.resolve(issuer, claims: ["tid": hostile]) == nil, "\(hostile)")
        }
    }

    struct Scope: OAuthScope {
        let rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }
    }

    @Test func scopesJoinWithTheProvidersSeparator() {
        let scopes: [Scope] = ["openid", Scope("email")]
        #expect(scopes.joined(separator: ",") == "openid,email")
        #expect(Scope("x").description == "x")
    }

    @Test func pendingConfigurationSurvivesCodable() throws {
        let configuration = ProviderConfiguration(
            issuer: "https://id.example.com",
            endpoints: ProviderEndpoints(
                authorization: URL(string: "https://id.example.com/a")!, token: URL(string: "https://id.example.com/t")!
            ),
            metadata: ProviderMetadata(kind: .openIDConnect, idTokenSigningAlgorithms: ["RS256"]),
            quirks: ProviderQuirks(
                scopeSeparator: ",", authorizationParameters: [QuirkParameter(name: "prompt", value: "consent")]),
            client: ClientRegistration(
                clientID: "c", redirectURIs: [URL(string: "com.example.app:/cb")!], defaultScopes: ["openid"]))
        let decoded = try JSONDecoder().decode(ProviderConfiguration.self, from: JSONEncoder().encode(configuration))
        #expect(decoded == configuration)
    }

    /// Quirks an app encoded before `loopbackDevelopmentServer` existed still decode, with the default.
    @Test func quirksEncodedBeforeANewMemberStillDecode() throws {
        let older =
            #"{"scopeSeparator":",","scopeParameter":"scope","pkce":"S256","tokenEndpointAuthMethod":"none","basicAuthWithoutSecret":false,"authorizationParameters":[],"tokenRequestHeaders":[],"tokenRequestParameters":[],"tokenResponse":{"format":"json","missingTokenType":false,"errorsWithStatus200":false,"nestedIn":[],"bearerTokenTypes":[]},"pushedAuthorizationRequests":false,"dpop":true}"#
        let quirks = try JSONDecoder().decode(ProviderQuirks.self, from: Data(older.utf8))
        #expect(quirks == ProviderQuirks(scopeSeparator: ",", dpop: true))
        #expect(!quirks.loopbackDevelopmentServer)
        let round = try JSONDecoder().decode(
            ProviderQuirks.self, from: JSONEncoder().encode(ProviderQuirks(loopbackDevelopmentServer: true)))
        #expect(round.loopbackDevelopmentServer)
    }
}
