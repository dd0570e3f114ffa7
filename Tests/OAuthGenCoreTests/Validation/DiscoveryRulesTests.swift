import Testing
@testable import OAuthGenCore

@Suite struct DiscoveryRulesTests {
    static let minimal = """
        {"issuer": "https://id.example.com", "authorization_endpoint": "https://id.example.com/authorize",
         "token_endpoint": "https://id.example.com/token", "jwks_uri": "https://id.example.com/jwks",
         "response_types_supported": ["code"], "subject_types_supported": ["public"],
         "id_token_signing_alg_values_supported": ["RS256"], "code_challenge_methods_supported": ["S256"]}
        """

    func findings(
        _ json: String, kind: DiscoveryDocument.Kind = .openIDConnect, quirks quirkBody: String? = nil
    ) throws -> [Diagnostic] {
        let (document, loading) = discovery(json, kind: kind)
        #expect(loading.isEmpty)
        let quirkFile = quirkBody.flatMap { quirks($0).0 }
        return DiscoveryRules.check(try #require(document), quirks: quirkFile)
    }

    func replacing(_ member: String, with value: String) -> String {
        let pattern = "\"\(member)\": "
        var text = Self.minimal
        let start = text.range(of: pattern)!.upperBound
        let end = text[start...].firstIndex(where: { $0 == "," || $0 == "}" })!
        let valueEnd = text[start...].hasPrefix("[") ? text.index(after: text[start...].firstIndex(of: "]")!) : end
        text.replaceSubrange(start..<valueEnd, with: value)
        return text
    }

    @Test func aCompleteDocumentPasses() throws {
        #expect(try findings(Self.minimal).isEmpty)
    }

    @Test func requiredMembersOfOIDCDiscovery() throws {
        let found = try findings("{\"issuer\": \"https://id.example.com\"}")
        #expect(
            found.filter { $0.rule == .discoveryMissingMember }.map(\.message) == [
                "expected the required member \"authorization_endpoint\" in OpenID Connect Discovery, found it missing",
                "expected the required member \"token_endpoint\" in OpenID Connect Discovery, found it missing",
                "expected the required member \"response_types_supported\" in OpenID Connect Discovery, found it missing",
                "expected the required member \"jwks_uri\" in OpenID Connect Discovery, found it missing",
                "expected the required member \"subject_types_supported\" in OpenID Connect Discovery, found it missing",
                "expected the required member \"id_token_signing_alg_values_supported\" in OpenID Connect Discovery, found it missing",
            ])
        #expect(found.first?.location == SourceLocation(file: "test.openid-configuration.json", line: 1, column: 1))
    }

    @Test func rfc8414RequiresLess() throws {
        let found = try findings(
            """
            {"issuer": "https://as.example.com", "authorization_endpoint": "https://as.example.com/a",
             "token_endpoint": "https://as.example.com/t", "response_types_supported": ["code"],
             "code_challenge_methods_supported": ["S256"]}
            """, kind: .oauthAuthorizationServer)
        #expect(found.isEmpty)
    }

    @Test func aMissingEndpointTheQuirkFileSuppliesIsOnlyAWarning() throws {
        let json = Self.minimal.replacingOccurrences(of: "\"jwks_uri\": \"https://id.example.com/jwks\",", with: "")
        let found = try findings(
            json, quirks: "<key>endpoints</key><dict><key>jwks</key><string>https://id.example.com/keys</string></dict>"
        )
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message.contains("the quirk file supplies it") == true)
    }

    @Test(arguments: [
        ("\"http://id.example.com\"", RuleID.discoveryInsecureEndpoint, Diagnostic.Severity.error),
        ("\"http://127.0.0.1:8000/o\"", .discoveryInsecureEndpoint, .warning),
        ("\"https://id.example.com?tenant=1\"", .discoveryIssuer, .error),
        ("\"https://id.example.com#x\"", .discoveryInvalidURL, .error),
        ("\"id.example.com\"", .discoveryInvalidURL, .error),
    ])
    func issuerMustBeHTTPSWithoutQueryOrFragment(issuer: String, rule: RuleID, severity: Diagnostic.Severity) throws {
        let found = try findings(replacing("issuer", with: issuer))
        #expect(found.map(\.rule) == [rule])
        #expect(found.first?.severity == severity)
        #expect(found.first?.location?.column == 12)
    }

    @Test func endpointsMustBeHTTPS() throws {
        let found = try findings(replacing("token_endpoint", with: "\"http://id.example.com/token\""))
        #expect(
            found.map(\.message) == [
                "expected \"token_endpoint\" to use https, found 'http' in 'http://id.example.com/token'"
            ])
    }

    @Test func codeResponseTypeIsRequired() throws {
        let found = try findings(replacing("response_types_supported", with: "[\"token\", \"id_token\"]"))
        #expect(found.map(\.rule) == [.discoveryNoCodeResponseType])
    }

    @Test func theCodeGrantMustBeListedWhenGrantsAreListed() throws {
        let found = try findings(
            Self.minimal.replacingOccurrences(
                of: "\"response_types_supported\"",
                with: "\"grant_types_supported\": [\"implicit\", \"client_credentials\"], \"response_types_supported\"")
        )
        #expect(found.map(\.rule) == [.discoveryNoCodeGrant])
        #expect(found.first?.severity == .error)
        #expect(
            found.first?.message
                == "expected \"grant_types_supported\" to contain \"authorization_code\" (native apps use the authorization code flow), found [\"implicit\", \"client_credentials\"]"
        )
        #expect(found.first?.location == SourceLocation(file: "test.openid-configuration.json", line: 3, column: 27))
    }

    /// A list without `query` is a warning, not an error: the client sends no `response_mode`,
    /// and servers then answer `code` in the query (a deployed MCP service's server lists only a
    /// mode of its own, and every client signs in there).
    @Test func aResponseModeListWithoutQueryIsAWarning() throws {
        let json = Self.minimal.replacingOccurrences(
            of: "\"response_types_supported\"",
            with: "\"response_modes_supported\": [\"form_post\", \"fragment\"], \"response_types_supported\"")
        let found = try findings(json)
        #expect(found.map(\.rule) == [.discoveryNoQueryResponseMode])
        #expect(found.first?.severity == .warning)
        #expect(
            found.first?.message
                == "expected \"response_modes_supported\" to contain \"query\", the response mode of \"code\" and the only one the client reads the redirect in, found [\"form_post\", \"fragment\"]; the client sends no response_mode, so the server answers in the query, \"code\"'s default (OAuth 2.0 Multiple Response Type Encoding Practices §2.1)"
        )
        #expect(found.first?.location == SourceLocation(file: "test.openid-configuration.json", line: 3, column: 30))
        // Absent members have their specified defaults, which allow the code flow.
        #expect(
            try findings(
                Self.minimal.replacingOccurrences(
                    of: "\"response_types_supported\"",
                    with:
                        "\"response_modes_supported\": [\"query\"], \"grant_types_supported\": [\"authorization_code\"], \"response_types_supported\""
                )
            ).isEmpty)
    }

    @Test func anAppUsingTheDeviceGrantIsOnlyWarnedThatTheBrowserFlowIsMissing() throws {
        let json = replacing(
            "response_types_supported",
            with:
                "[\"token\"], \"grant_types_supported\": [\"urn:ietf:params:oauth:grant-type:device_code\"], \"response_modes_supported\": [\"form_post\"]"
        )
        .replacingOccurrences(
            of: "\"jwks_uri\"",
            with: "\"device_authorization_endpoint\": \"https://id.example.com/device\", \"jwks_uri\"")
        let found = try findings(json, quirks: "<key>deviceGrant</key><true/>")
        #expect(
            found.map(\.rule) == [.discoveryNoCodeResponseType, .discoveryNoCodeGrant, .discoveryNoQueryResponseMode])
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found.prefix(2).allSatisfy { $0.message.hasSuffix("; only the device grant can sign in") })
        #expect(try findings(json).map(\.severity) == [.error, .error, .warning])
    }

    /// The runtime refuses to send these (`ScopeToken`), so no constant is generated for them (`ModelBuilderTests`).
    @Test func aListedScopeTheClientCouldNotSendIsAWarning() throws {
        let json = Self.minimal.replacingOccurrences(
            of: "{", with: "{\"scopes_supported\": [\"openid\", \"read write\", \"\"], ")
        let found = try findings(json)
        #expect(found.map(\.rule) == [.discoveryInvalidScope, .discoveryInvalidScope])
        #expect(found.map(\.severity) == [.warning, .warning])
        #expect(
            found.first?.message
                == "expected each of \"scopes_supported\" to be a scope of printable ASCII without spaces, '\"' or '\\' (scope-token = 1*NQCHAR, RFC 6749 §3.3), found a space at character 5 in 'read write', which makes it 2 scopes: list each on its own; the client could not send it, so no constant is generated for it"
        )
        #expect(
            found.map(\.location) == [
                SourceLocation(file: "test.openid-configuration.json", line: 1, column: 33),
                SourceLocation(file: "test.openid-configuration.json", line: 1, column: 47),
            ])
        // The provider's own separator splits a scope too.
        let comma = Self.minimal.replacingOccurrences(of: "{", with: "{\"scopes_supported\": [\"repo,user\"], ")
        #expect(try findings(comma).isEmpty)
        #expect(
            try findings(comma, quirks: "<key>scopeSeparator</key><string>,</string>").map(\.rule) == [
                .discoveryInvalidScope
            ])
    }

    /// `acr_values` is space-separated too: the runtime refuses such a value (`SpaceSeparatedValue`).
    @Test func aListedACRValueTheClientCouldNotSendIsAWarning() throws {
        let json = Self.minimal.replacingOccurrences(
            of: "{", with: "{\"acr_values_supported\": [\"urn:mace:incommon:iap:silver\", \"gold level\"], ")
        let found = try findings(json)
        #expect(found.map(\.rule) == [.discoveryInvalidACRValue])
        #expect(found.first?.severity == .warning)
        #expect(
            found.first?.message
                == "expected each value of \"acr_values_supported\" to be a value without spaces or invisible characters (the parameter is a space-separated list, OIDC Core §3.1.2.1), found a space at character 5 in 'gold level', which makes it 2 values: list each on its own; the client could not send it, so no constant is generated for it"
        )
        #expect(found.first?.location == SourceLocation(file: "test.openid-configuration.json", line: 1, column: 59))
        let prompts = Self.minimal.replacingOccurrences(
            of: "{", with: "{\"prompt_values_supported\": [\"login\", \"\"], ")
        #expect(try findings(prompts).map(\.rule) == [.discoveryInvalidPromptValue])
        #expect(
            try findings(prompts).first?.message.hasPrefix(
                "expected each value of \"prompt_values_supported\" to be a value without spaces") == true)
    }

    @Test func s256MissingOrAbsentIsAWarning() throws {
        #expect(
            try findings(replacing("code_challenge_methods_supported", with: "[\"plain\"]")).map(\.rule) == [
                .discoveryNoS256
            ])
        let absent = Self.minimal.replacingOccurrences(
            of: ", \"code_challenge_methods_supported\": [\"S256\"]", with: "")
        #expect(try findings(absent).map(\.severity) == [.warning])
        // A quirk file that opts out of S256 has already been warned about that.
        #expect(try findings(absent, quirks: "<key>pkce</key><string>plain</string>").isEmpty)
    }

    @Test func rs256IsRequiredForOIDCAndNoneAndHMACAreCalledOut() throws {
        #expect(
            try findings(replacing("id_token_signing_alg_values_supported", with: "[\"ES256\"]")).map(\.rule) == [
                .discoveryNoRS256
            ])
        let found = try findings(
            replacing("id_token_signing_alg_values_supported", with: "[\"RS256\", \"HS256\", \"none\"]"))
        #expect(
            found.map { "\($0.severity):\($0.rule.rawValue)" } == [
                "note:discovery-hmac-id-token", "warning:discovery-unsigned-id-token",
            ])
    }

    @Test func issuerMustEqualTheQuirkFilesExactly() throws {
        let found = try findings(Self.minimal, quirks: "<key>issuer</key><string>https://id.example.com/</string>")
        let mismatch = try #require(found.first)
        #expect(mismatch.rule == .discoveryIssuerMismatch)
        #expect(mismatch.location?.file == "test.quirks.plist")
        #expect(mismatch.message.contains("test.openid-configuration.json:1:12"))
    }

    @Test func issuerPlaceholdersNeedATemplate() throws {
        let json = replacing("issuer", with: "\"https://login.example.com/{tenantid}/v2.0\"")
        #expect(try findings(json).map(\.rule) == [.quirkIssuerTemplate])
        #expect(
            try findings(json, quirks: "<key>issuerTemplate</key><dict><key>tenantid</key><string>tid</string></dict>")
                .isEmpty)
        let wrong = try findings(
            json, quirks: "<key>issuerTemplate</key><dict><key>tenant</key><string>tid</string></dict>")
        #expect(wrong.map(\.rule) == [.quirkIssuerTemplate, .quirkIssuerTemplate])
    }

    /// What the real providers' documents earn on their own (no quirk file).
    @Test(arguments: [
        ("apple.json", ["warning:discovery-no-s256"]),
        ("docker-auth0.json", ["note:discovery-hmac-id-token"]),
        ("duende-demo.json", []),
        ("gitlab.json", []),
        ("google.json", []),
        // http://localhost: the runtime refuses it (a name, not the loopback address), so the build does.
        (
            "keycloak-realm-localhost.json",
            [
                "error:discovery-insecure-endpoint", "error:discovery-insecure-endpoint",
                "error:discovery-insecure-endpoint",
                "error:discovery-insecure-endpoint", "error:discovery-insecure-endpoint",
                "error:discovery-insecure-endpoint",
                "error:discovery-insecure-endpoint",
                // Its PAR, device authorization and registration endpoints, on http://localhost too.
                "error:discovery-insecure-endpoint", "error:discovery-insecure-endpoint",
                "error:discovery-insecure-endpoint",
                "note:discovery-hmac-id-token", "note:discovery-hmac-id-token", "note:discovery-hmac-id-token",
            ]
        ),
        ("microsoft-entra-common-v2.json", ["error:quirk-issuer-template", "warning:discovery-no-s256"]),
        ("okta-org.json", []),
    ])
    func realDocuments(name: String, expected: [String]) throws {
        let (document, _) = DiscoveryLoader.load(
            try Fixtures.bytes("discovery/\(name)"), file: name, kind: .openIDConnect)
        let found = DiscoveryRules.check(try #require(document), quirks: nil)
        #expect(found.map { "\($0.severity.rawValue):\($0.rule.rawValue)" } == expected)
    }
}
