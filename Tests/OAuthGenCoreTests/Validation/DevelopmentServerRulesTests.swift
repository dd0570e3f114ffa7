import Testing
@testable import OAuthGenCore

/// A quirk file's `loopbackDevelopmentServer` (issue 28, item 2): a local http provider was
/// warned about once per endpoint on every clean build; declared, it is noted once, and the
/// generated client carries the decision.
@Suite struct DevelopmentServerRulesTests {
    static let local = """
        {"issuer": "http://127.0.0.1:8000/o", "authorization_endpoint": "http://127.0.0.1:8000/o/authorize/",
         "token_endpoint": "http://127.0.0.1:8000/o/token/", "userinfo_endpoint": "http://127.0.0.1:8000/o/userinfo/",
         "jwks_uri": "http://127.0.0.1:8000/o/.well-known/jwks.json", "response_types_supported": ["code"],
         "subject_types_supported": ["public"], "id_token_signing_alg_values_supported": ["RS256"],
         "code_challenge_methods_supported": ["S256"]}
        """

    func findings(_ json: String, quirks body: String) -> [Diagnostic] {
        let provider = LoadedProvider(
            input: ProviderInput(
                name: "local", discoveryPath: "local.openid-configuration.json", discoveryKind: .openIDConnect,
                quirksPath: "local.quirks.plist"),
            discovery: discovery(json).0, quirks: quirks(body).0)
        return Validator.validate([provider])
    }

    @Test func aDeclaredLoopbackServerIsNotedOnceNotWarnedPerEndpoint() {
        let undeclared = findings(
            Self.local,
            quirks:
                "<key>clientID</key><string>app</string>\n<key>redirectURIs</key><array><string>http://127.0.0.1/cb</string></array>"
        )
        #expect(undeclared.filter { $0.rule == .discoveryInsecureEndpoint }.count == 5)
        #expect(undeclared.allSatisfy { $0.severity != .error })
        let declared = findings(
            Self.local,
            quirks:
                "<key>clientID</key><string>app</string>\n<key>redirectURIs</key><array><string>http://127.0.0.1/cb</string></array>\n<key>loopbackDevelopmentServer</key><true/>"
        )
        #expect(declared.filter { $0.rule == .discoveryInsecureEndpoint }.isEmpty)
        let notes = declared.filter { $0.rule == .quirkLoopbackDevelopment }
        #expect(notes.count == 1)
        #expect(notes.first?.severity == .note)
        #expect(notes.first?.location?.line == 6)
        #expect(notes.first?.message.contains("its 5 http endpoints on the loopback address are accepted") == true)
        #expect(declared.filter { $0.severity == .warning }.isEmpty, "\(declared)")
    }

    /// The declaration never widens what is accepted: http off loopback stays an error.
    @Test func anHTTPEndpointOffLoopbackIsStillAnError() {
        let mixed = Self.local.replacingOccurrences(
            of: "http://127.0.0.1:8000/o/token/", with: "http://id.example.com/o/token/")
        let found = findings(
            mixed, quirks: "<key>clientID</key><string>app</string>\n<key>loopbackDevelopmentServer</key><true/>")
        #expect(
            found.contains {
                $0.rule == .discoveryInsecureEndpoint && $0.severity == .error
                    && $0.message.contains("http://id.example.com/o/token/")
            })
    }

    @Test func onARealServerTheKeyChangesNothingAndIsWarnedAbout() {
        let https = Self.local.replacingOccurrences(of: "http://127.0.0.1:8000", with: "https://id.example.com")
        let found = findings(
            https, quirks: "<key>clientID</key><string>app</string>\n<key>loopbackDevelopmentServer</key><true/>")
        let warning = found.first { $0.rule == .quirkLoopbackDevelopment }
        #expect(warning?.severity == .warning)
        #expect(
            warning?.message.contains("found none of its endpoints there: the key changes nothing, remove it") == true)
    }

    @Test func theGeneratedClientCarriesTheDecision() throws {
        let provider = LoadedProvider(
            input: ProviderInput(
                name: "local", discoveryPath: "local.openid-configuration.json", discoveryKind: .openIDConnect,
                quirksPath: "local.quirks.plist"),
            discovery: discovery(Self.local).0,
            quirks: quirks("<key>clientID</key><string>app</string>\n<key>loopbackDevelopmentServer</key><true/>").0)
        let model = try #require(ModelBuilder.build(provider, accessLevel: .internal))
        #expect(model.quirks.loopbackDevelopmentServer)
    }
}
