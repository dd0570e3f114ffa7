import OAuthPolicy
import Testing
@testable import OAuthGenCore

@Suite struct ModelBuilderTests {
    func model(
        _ quirkBody: String?, discoveryJSON: String? = DiscoveryRulesTests.minimal, name: String = "acme"
    ) throws -> (ProviderModel?, LoadedProvider) {
        let document = discoveryJSON.flatMap { discovery($0).0 }
        let file = quirkBody.flatMap { quirks($0).0 }
        let provider = LoadedProvider(
            input: ProviderInput(
                name: name, discoveryPath: document == nil ? nil : "\(name).openid-configuration.json",
                discoveryKind: document == nil ? nil : .openIDConnect,
                quirksPath: file == nil ? nil : "\(name).quirks.plist"),
            discovery: document, quirks: file)
        return (ModelBuilder.build(provider, accessLevel: .internal), provider)
    }

    @Test func quirkEndpointsOverrideDiscoveredOnes() throws {
        let built = try #require(
            try model(
                "<key>endpoints</key><dict><key>revocation</key><string>https://id.example.com/o/revoke</string></dict>"
            ).0)
        #expect(built.endpoints.first { $0.name == .revocation }?.url == "https://id.example.com/o/revoke")
        #expect(built.endpoints.first { $0.name == .token }?.url == "https://id.example.com/token")
    }

    @Test func namesComeFromTheQuirkFileElseTheFileName() throws {
        #expect(try model("<key>name</key><string>AcmeID</string>").0?.typeName == "AcmeID")
        let fromFile = try #require(try model(nil, name: "acme-corp").0)
        #expect(fromFile.typeName == "AcmeCorp")
        #expect(fromFile.outputFileName == "acme-corp.oauthgen.swift")
        #expect(fromFile.sourceFiles == ["acme-corp.openid-configuration.json"])
    }

    @Test func defaultScopesFallBackToOpenIDForOIDC() throws {
        let built = try #require(try model(nil).0)
        #expect(built.defaultScopes == ["openid"])
        #expect(built.clientID == nil)
    }

    @Test func onlyNonDefaultQuirksAreSpelledOut() throws {
        #expect(
            try model("<key>pkce</key><string>S256</string><key>scopeSeparator</key><string> </string>").0?.quirks
                .isStandard == true)
        let built = try #require(
            try model(
                """
                <key>scopeSeparator</key><string>,</string><key>pkce</key><string>none</string>
                <key>tokenResponse</key><dict><key>format</key><string>form</string><key>nestedIn</key><string>authed_user</string></dict>
                """
            ).0)
        #expect(built.quirks.scopeSeparator == ",")
        #expect(built.quirks.pkce == QuirkFile.PKCEMethod.none)
        #expect(built.quirks.tokenResponseIsForm)
        #expect(built.quirks.tokenResponseNestedIn == ["authed_user"])
    }

    @Test func claimsAreTypedFromTheStandardThenTheQuirkFile() throws {
        let json = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{",
            with: "{\"claims_supported\": [\"sub\", \"email_verified\", \"updated_at\", \"x-custom\", \"tid\"], ")
        let built = try #require(
            try model(
                "<key>claims</key><dict><key>tid</key><string>string</string><key>roles</key><string>strings</string></dict>",
                discoveryJSON: json
            ).0)
        let types = Dictionary(uniqueKeysWithValues: built.claims.map { ($0.identifier, $0.type) })
        #expect(built.claims.prefix(5).map(\.identifier) == ["sub", "iss", "aud", "exp", "iat"])
        #expect(types["emailVerified"] == .bool)
        #expect(types["updatedAt"] == .date)
        #expect(types["xCustom"] == .anyJSON)
        #expect(types["tid"] == .string)
        #expect(types["roles"] == .strings)
        #expect(built.claims.filter(\.isRequired).map(\.identifier) == ["sub"])
    }

    @Test func scopesMergeDiscoveryAndQuirkFileWithDescriptions() throws {
        let json = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{", with: "{\"scopes_supported\": [\"openid\", \"read\"], ")
        let built = try #require(
            try model(
                "<key>scopes</key><dict><key>read</key><string>Read it.</string><key>write</key><string>Write it.</string></dict>",
                discoveryJSON: json
            ).0)
        #expect(built.scopes.map(\.identifier) == ["openid", "read", "write"])
        #expect(
            built.scopes.map(\.documentation) == [
                StandardVocabulary.scopeDocumentation["openid"]!, "Read it.", "Write it.",
            ])
    }

    /// Validation warns about each (`DiscoveryRulesTests`, `QuirkRulesTests`); the runtime would refuse to send them.
    @Test func scopesTheClientCouldNotSendGetNoConstant() throws {
        let json = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{", with: "{\"scopes_supported\": [\"openid\", \"read write\", \"repo,user\"], ")
        let built = try #require(
            try model(
                "<key>scopes</key><dict><key>a\"b</key><string>Quoted.</string><key>write</key><string>Write it.</string></dict>",
                discoveryJSON: json
            ).0)
        #expect(built.scopes.map(\.value) == ["openid", "repo,user", "write"])
        let commaSeparated = try #require(
            try model("<key>scopeSeparator</key><string>,</string>", discoveryJSON: json).0)
        #expect(commaSeparated.scopes.map(\.value) == ["openid"])
    }

    /// Keycloak lists `"0"` and `"1"`; a quirk file adds what a provider accepts without listing
    /// it; a value with a space cannot be sent, so it gets no constant (validation warns). OAuth-only
    /// servers get them too: RFC 9470 sends `acr_values` to any authorization server.
    @Test func acrValuesMergeDiscoveryAndQuirkFile() throws {
        let json = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{", with: "{\"acr_values_supported\": [\"0\", \"1\", \"urn:okta:loa:2fa:any\", \"gold level\"], ")
        let built = try #require(
            try model(
                "<key>acrValues</key><dict><key>phrh</key><string>Hardware.</string><key>1</key><string>Level one.</string></dict>",
                discoveryJSON: json
            ).0)
        #expect(built.acrValues.map(\.identifier) == ["_0", "_1", "urnOktaLoa2faAny", "phrh"])
        #expect(built.acrValues.map(\.value) == ["0", "1", "urn:okta:loa:2fa:any", "phrh"])
        #expect(
            built.acrValues.map(\.documentation) == [
                StandardVocabulary.acrValueDocumentation["0"]!, "Level one.",
                "The `urn:okta:loa:2fa:any` authentication context class.", "Hardware.",
            ])
        #expect(try #require(try model(nil, discoveryJSON: DiscoveryRulesTests.minimal).0).acrValues.isEmpty)
    }

    @Test func promptsTheClientCouldNotSendGetNoConstant() throws {
        let json = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{", with: "{\"prompt_values_supported\": [\"none\", \"select account\", \"create\"], ")
        #expect(try #require(try model(nil, discoveryJSON: json).0).prompts.map(\.value) == ["none", "create"])
    }

    @Test func theModelKeepsValuesAsTheyAreAndTheRendererEscapesThem() throws {
        let built = try #require(try model("<key>clientID</key><string>a\"b\\(c)</string>").0)
        #expect(built.clientID == #"a"b\(c)"#)
        #expect(built.child(named: "clientID") as? String == #""a\"b\\(c)""#)
    }

    @Test func aProviderWithoutEndpointsBuildsNothingAndValidationSaysWhy() throws {
        let (built, provider) = try model("<key>clientID</key><string>x</string>", discoveryJSON: nil)
        #expect(built == nil)
        #expect(Validator.validate([provider]).map(\.rule).contains(.inputMissingDiscovery))
    }

    @Test func redirectCasesComeFromTheVerdictsMadeAtLoading() throws {
        let (built, provider) = try model(
            """
            <key>redirectURIs</key><array><string>com.example.app:/a</string><string>com.example.app:/b</string><string>http://127.0.0.1/cb</string></array>
            """)
        #expect(provider.redirects.map(\.report.kind) == [.privateUseScheme, .privateUseScheme, .loopback])
        #expect(
            try #require(built).redirectURIs.map(\.identifier) == [
                "privateUseSchemeA", "privateUseSchemeB", "loopback",
            ])
    }

    /// Issue 28, item 9: Google's redirect was `.privateUseScheme`, named by its kind, where
    /// Google and the catalog call it the reversed client ID.
    @Test func aSchemeThatIsTheClientIDReversedIsTheReversedClientID() throws {
        let (google, _) = try model(
            """
            <key>clientID</key><string>123-abc.apps.googleusercontent.com</string>
            <key>redirectURIs</key><array><string>com.googleusercontent.apps.123-abc:/oauth2redirect</string><string>com.example.app:/cb</string></array>
            """)
        #expect(try #require(google).redirectURIs.map(\.identifier) == ["reversedClientID", "privateUseScheme"])
        let (other, _) = try model(
            """
            <key>clientID</key><string>456-def.apps.googleusercontent.com</string>
            <key>redirectURIs</key><array><string>com.googleusercontent.apps.123-abc:/oauth2redirect</string></array>
            """)
        #expect(try #require(other).redirectURIs.map(\.identifier) == ["privateUseScheme"])
    }
}
