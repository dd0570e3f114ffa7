import Testing
@testable import OAuthGenCore

@Suite struct QuirkRulesTests {
    /// The findings on a quirk file of `body`, with a redirect URI added after it when it has none
    /// (after, so the lines the tests expect do not move).
    func findings(_ body: String, discoveryJSON: String? = DiscoveryRulesTests.minimal) throws -> [Diagnostic] {
        let registered =
            body.contains("<key>redirectURIs</key>")
            ? "" : "\n<key>redirectURIs</key><array><string>com.acme.app:/cb</string></array>"
        let (file, loading) = quirks(body + registered)
        #expect(loading.isEmpty)
        let document = discoveryJSON.flatMap { discovery($0).0 }
        return QuirkRules.check(Self.provider(try #require(file), discovery: document))
    }

    /// A provider of `quirks` (and `discovery`, whose file exists exactly when it is given).
    static func provider(_ quirks: QuirkFile, discovery: DiscoveryDocument? = nil) -> LoadedProvider {
        LoadedProvider(
            input: ProviderInput(
                name: "acme", discoveryPath: discovery == nil ? nil : "acme.openid-configuration.json",
                discoveryKind: discovery == nil ? nil : .openIDConnect, quirksPath: "acme.quirks.plist"),
            discovery: discovery, quirks: quirks)
    }

    @Test func postLogoutRedirectURIsAreCheckedLikeRedirectURIs() throws {
        let found = try findings(
            "<key>postLogoutRedirectURIs</key><array><string>myapp:/logout</string><string>com.example.app:/logout</string></array>"
        )
        #expect(found.map(\.rule) == [.redirectSchemeNoPeriod])
        #expect(
            found.first?.message.hasPrefix(
                "post-logout redirect URI 'myapp:/logout': expected a private-use scheme based on a reverse domain name"
            ) == true)
    }

    @Test func aCleanQuirkFilePasses() throws {
        #expect(
            try findings(
                """
                <key>name</key><string>Acme</string>
                <key>clientID</key><string>abc</string>
                <key>redirectURIs</key><array><string>com.acme.app:/cb</string><string>http://127.0.0.1/cb</string></array>
                <key>authorizationParameters</key><dict><key>prompt</key><string>consent</string></dict>
                """
            ).isEmpty)
    }

    /// The runtime refuses the same IDs when the client is made (`ClientIdentifierTests`).
    @Test func aClientIDMustBePrintableASCII() throws {
        let empty = try findings("<key>clientID</key><string></string>")
        #expect(empty.map(\.rule) == [.quirkClientID])
        #expect(empty.first?.severity == .error)
        #expect(empty.first?.location?.line == 4)
        #expect(
            empty.first?.message
                == "expected \"clientID\" to be a client ID of printable ASCII characters (client-id = *VSCHAR, RFC 6749 Appendix A.1), found an empty string; the client would refuse it when made"
        )
        // A control character is also warned about by the loader (`input-invisible-character`).
        let accented = try findings("<key>clientID</key><string>client-é</string>")
        #expect(
            accented.map(\.message) == [
                "expected \"clientID\" to be a client ID of printable ASCII characters (client-id = *VSCHAR, RFC 6749 Appendix A.1), found \\u{E9} at character 8; the client would refuse it when made"
            ])
        #expect(try findings("<key>clientID</key><string>Client ID ~!</string>").isEmpty)
    }

    @Test func spacesAroundAClientIDAreAWarning() throws {
        let found = try findings("<key>clientID</key><string> 0oa123 </string>")
        #expect(found.map(\.rule) == [.quirkClientID])
        #expect(found.first?.severity == .warning)
        #expect(
            found.first?.message
                == "expected \"clientID\" without leading or trailing spaces, found \" 0oa123 \"; the provider compares it exactly"
        )
    }

    @Test func aQuirkFileWithoutRedirectURIsIsWarnedUnlessItUsesTheDeviceGrant() throws {
        for body in ["<key>clientID</key><string>abc</string>", "<key>redirectURIs</key><array/>"] {
            let (file, _) = quirks(body)
            let found = QuirkRules.check(
                Self.provider(try #require(file), discovery: discovery(DiscoveryRulesTests.minimal).0))
            #expect(found.map(\.rule) == [.redirectNone])
            #expect(found.first?.severity == .warning)
            #expect(found.first?.location == SourceLocation(file: "test.quirks.plist", line: 3, column: 1))
            #expect(
                found.first?.message
                    == "expected \"redirectURIs\" to list the redirect URI the app registered with the provider, found none; the client could not sign in with a browser (add \"deviceGrant\" for an app that signs in only with a code on another device)"
            )
        }
        let (deviceOnly, _) = quirks("<key>deviceGrant</key><true/>")
        let json = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "\"jwks_uri\"",
            with: "\"device_authorization_endpoint\": \"https://id.example.com/device\", \"jwks_uri\"")
        #expect(QuirkRules.check(Self.provider(try #require(deviceOnly), discovery: discovery(json).0)).isEmpty)
    }

    /// The runtime refuses to send such a value too (`AuthorizationRequestTests`).
    @Test func aDeclaredACRValueMustBeOneValue() throws {
        let found = try findings(
            "<key>acrValues</key><dict><key>two factors</key><string>Two.</string><key>mfa</key><string>One.</string></dict>"
        )
        #expect(found.map(\.rule) == [.quirkInvalidACRValue])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.location?.line == 4)
        #expect(
            found.first?.message
                == "expected each value of the quirk file's \"acrValues\" to be a value without spaces or invisible characters (the parameter is a space-separated list, OIDC Core §3.1.2.1), found a space at character 4 in 'two factors', which makes it 2 values: list each on its own; the client could not send it, so no constant is generated for it"
        )
    }

    /// The runtime refuses to send the same scopes (`AuthorizationRequestTests`).
    @Test func aScopeMustBeOneScopeToken() throws {
        let found = try findings(
            "<key>defaultScopes</key><array><string>openid profile</string><string>email</string></array><key>scopes</key><array><string>a\"b</string><string>email</string></array>"
        )
        #expect(found.map(\.rule) == [.quirkInvalidScope, .quirkInvalidScope])
        #expect(found.map(\.severity) == [.error, .warning])
        #expect(found.first?.location?.line == 4)
        #expect(
            found.first?.message
                == "expected each default scope to be a scope of printable ASCII without spaces, '\"' or '\\' (scope-token = 1*NQCHAR, RFC 6749 §3.3), found a space at character 7 in 'openid profile', which makes it 2 scopes: list each on its own; the client refuses to send it"
        )
        #expect(found.last?.message.hasPrefix("expected each scope to be a scope of printable ASCII") == true)
        #expect(found.last?.message.contains("found \\u{22} at character 2;") == true)
        #expect(
            found.last?.message.hasSuffix("; the client could not send it, so no constant is generated for it") == true)
        let github = try findings(
            "<key>scopeSeparator</key><string>,</string><key>defaultScopes</key><array><string>repo,user</string></array>",
            discoveryJSON: nil)
        #expect(
            github.filter { $0.rule == .quirkInvalidScope }.map(\.message) == [
                "expected each default scope to be a scope of printable ASCII without spaces, '\"' or '\\' (scope-token = 1*NQCHAR, RFC 6749 §3.3), found the provider's scope separator ',' in 'repo,user', which makes it more than one scope: list each on its own; the client refuses to send it"
            ])
    }

    @Test func everyRedirectURIIsCheckedAtItsElement() throws {
        let found = try findings(
            "<key>redirectURIs</key><array>\n<string>myapp://cb</string>\n<string>com.acme.app:/cb</string>\n<string>com.acme.app:/cb</string>\n</array>"
        )
        #expect(found.map(\.rule) == [.redirectSchemeNoPeriod, .redirectSchemeDoubleSlash, .redirectDuplicate])
        #expect(found.map { $0.location?.line } == [5, 5, 7])
        #expect(found[0].message.hasPrefix("redirect URI 'myapp://cb': expected a private-use scheme"))
    }

    @Test func aClientSecretIsAWarning() throws {
        #expect(
            try findings("<key>clientSecret</key><string>s3cr3t</string>").map { "\($0.severity):\($0.rule)" } == [
                "warning:quirkClientSecret"
            ])
    }

    @Test func weakPKCEIsAWarning() throws {
        #expect(try findings("<key>pkce</key><string>plain</string>").map(\.rule) == [.quirkWeakPKCE])
        #expect(try findings("<key>pkce</key><string>none</string>").first?.message.contains("without PKCE") == true)
        #expect(try findings("<key>pkce</key><string>S256</string>").isEmpty)
    }

    @Test func theImplicitGrantIsAnError() throws {
        let found = try findings(
            "<key>authorizationParameters</key><dict><key>response_type</key><string>id_token token</string></dict>")
        #expect(found.map(\.rule) == [.quirkImplicitGrant])
        #expect(found.first?.severity == .error)
        #expect(
            try findings("<key>authorizationParameters</key><dict><key>response_type</key><string>code</string></dict>")
                .isEmpty)
    }

    @Test(arguments: ["state", "redirect_uri", "code_challenge", "nonce", "client_id", "scope"])
    func parametersTheClientSetsCannotBeOverridden(name: String) throws {
        #expect(
            try findings("<key>authorizationParameters</key><dict><key>\(name)</key><string>x</string></dict>").map(
                \.rule) == [.quirkReservedParameter])
    }

    @Test(arguments: ["grant_type", "code", "Code_Verifier", "refresh_token", "client_secret", "scope"])
    func tokenParametersTheClientSetsCannotBeOverridden(name: String) throws {
        let found = try findings("<key>tokenRequestParameters</key>\n<dict><key>\(name)</key><string>x</string></dict>")
        #expect(found.map(\.rule) == [.quirkReservedParameter])
        #expect(
            found.first?.message
                == "expected extra token request parameters only, found \"\(name)\", which the client sets itself for every token request"
        )
        #expect(found.first?.location?.line == 5)
        #expect(
            try findings("<key>tokenRequestParameters</key><dict><key>action</key><string>requesttoken</string></dict>")
                .isEmpty)
    }

    @Test func theScopeParameterIsNoneTheClientSetsOtherwise() throws {
        #expect(try findings("<key>scopeParameter</key><string>user_scope</string>").isEmpty)
        let found = try findings("<key>scopeParameter</key><string>state</string>")
        #expect(found.map(\.rule) == [.quirkReservedParameter])
        #expect(
            found.first?.message
                == #"expected "scopeParameter" to name a parameter the client does not set otherwise (such as "user_scope"), found "state""#
        )
    }

    @Test func basicWithoutASecretContradictsClientSecretPost() throws {
        #expect(try findings("<key>basicAuthWithoutSecret</key><true/>").isEmpty)
        let found = try findings(
            "<key>tokenEndpointAuthMethod</key><string>client_secret_post</string><key>basicAuthWithoutSecret</key><true/>"
        )
        #expect(found.map(\.rule) == [.quirkInvalidValue])
    }

    @Test func aBearerTokenTypeIsNeverDPoP() throws {
        #expect(
            try findings(
                "<key>tokenResponse</key><dict><key>bearerTokenTypes</key><array><string>user</string></array></dict>"
            ).isEmpty)
        let found = try findings(
            "<key>tokenResponse</key><dict><key>bearerTokenTypes</key><array><string>dpop</string></array></dict>")
        #expect(found.map(\.rule) == [.quirkInvalidValue])
    }

    @Test func typeNamesMustBeSwiftIdentifiers() throws {
        #expect(try findings("<key>name</key><string>my-provider</string>").map(\.rule) == [.quirkInvalidName])
        #expect(try findings("<key>name</key><string>struct</string>").map(\.rule) == [.quirkInvalidName])
        #expect(
            try findings("<key>name</key><string>ProviderConfiguration</string>").map(\.rule) == [.quirkInvalidName])
        #expect(try findings("<key>name</key><string>_Acme2</string>").isEmpty)
    }

    @Test func defaultScopesMustBeKnown() throws {
        let json = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{", with: "{\"scopes_supported\": [\"openid\", \"offline_access\"], ")
        let found = try findings(
            "<key>defaultScopes</key><array><string>openid</string><string>offline_acess</string></array>",
            discoveryJSON: json)
        #expect(
            found.map(\.message) == [
                "expected default scopes among \"scopes_supported\" or the quirk file's \"scopes\", found \"offline_acess\"; did you mean \"offline_access\"?"
            ])
        #expect(
            try findings(
                "<key>scopes</key><array><string>extra</string></array><key>defaultScopes</key><array><string>extra</string></array>",
                discoveryJSON: json
            ).isEmpty)
    }

    @Test func withoutDiscoveryTheEndpointsAreRequired() throws {
        let found = try findings(
            "<key>endpoints</key><dict><key>token</key><string>https://a.example.com/t</string></dict>",
            discoveryJSON: nil)
        #expect(
            found.map(\.message) == [
                "expected the provider's discovery document among the inputs ('acme.openid-configuration.json' or 'acme.oauth-authorization-server.json') or \"endpoints\" with \"authorization\" and \"token\", found no authorization endpoint"
            ])
    }

    @Test func overriddenEndpointsAreCheckedLikeDiscoveredOnes() throws {
        let found = try findings(
            "<key>endpoints</key><dict><key>revocation</key><string>http://a.example.com/r</string></dict>")
        #expect(found.map(\.rule) == [.discoveryInsecureEndpoint])
    }

    @Test func anEmptyScopeSeparatorIsInvalid() throws {
        #expect(try findings("<key>scopeSeparator</key><string></string>").map(\.rule) == [.quirkInvalidValue])
    }
}

extension QuirkRulesTests {
    @Test(arguments: ["Authorization", "dpop", "Content-Length", "HOST", "connection"])
    func aHeaderTheClientSetsIsAnErrorAtItsKey(name: String) throws {
        let found = try findings("<key>tokenRequestHeaders</key><dict>\n<key>\(name)</key><string>x</string></dict>")
        #expect(found.map(\.rule) == [.quirkReservedHeader])
        #expect(found.first?.location?.line == 5)
        #expect(
            found.first?.message
                == "expected extra token request headers only, found \"\(name)\", which the client sets itself (its credentials, DPoP proof or the request's framing)"
        )
    }

    @Test func aHeaderTwiceInAnyCaseOrMalformedIsAnError() throws {
        let found = try findings(
            "<key>tokenRequestHeaders</key><dict><key>Accept</key><string>a</string><key>ACCEPT</key><string>b</string><key>X Bad</key><string>c</string></dict>"
        )
        #expect(found.map(\.rule) == [.quirkReservedHeader, .quirkInvalidValue])
        #expect(found[0].message.hasPrefix("expected each token request header once, found \"ACCEPT\" again"))
        // A CR LF in a value would start another field: the loader warns of the characters, the rule refuses them.
        let (file, _) = quirks(
            "<key>tokenRequestHeaders</key><dict><key>X-Ok</key><string>d&#13;&#10;Host: evil</string></dict>")
        #expect(QuirkRules.check(Self.provider(try #require(file))).map(\.rule).contains(.quirkInvalidValue))
        #expect(
            try findings(
                "<key>tokenRequestHeaders</key><dict><key>Accept</key><string>application/json</string></dict>"
            ).isEmpty)
    }

    @Test func dpopJKTIsTheClientsOwnAuthorizationParameter() throws {
        #expect(
            try findings("<key>authorizationParameters</key><dict><key>DPoP_JKT</key><string>x</string></dict>").map(
                \.rule) == [.quirkReservedParameter])
    }
}
