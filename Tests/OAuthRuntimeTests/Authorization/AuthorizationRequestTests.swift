import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

@Suite struct AuthorizationRequestTests {
    let redirect = URL(string: "com.example.app:/cb")!

    @Test func carriesEveryParameterOfACodeFlowWithPKCE() throws {
        let request = try AuthorizationRequest<DiscoveredProvider>(
            configuration: testConfiguration(), clientID: "client-1", redirectURI: redirect,
            scopes: ["openid", "email"])
        let query = request.url.queryParameters
        #expect(
            request.url.absoluteString.hasPrefix("https://id.example.com/authorize?policy=b2c_1&response_type=code&"))
        #expect(query["response_type"] == "code")
        #expect(query["client_id"] == "client-1")
        #expect(query["redirect_uri"] == "com.example.app:/cb")
        #expect(query["scope"] == "openid email")
        #expect(query["state"] == request.pending.state)
        #expect(query["nonce"] == request.pending.nonce)
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["code_challenge"] == request.pending.pkce.challenge)
        #expect(query["code_verifier"] == nil)
    }

    /// OIDC Core §3.1.2.1's optional parameters go out as the space-separated lists they are;
    /// a value that would reach the server as two is refused, as is a negative `max_age`.
    @Test func sendsTheOptionalParametersAndRefusesAValueThatWouldSplit() async throws {
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: testConfiguration(), options: ClientOptions(transport: NoNetwork()))
        let parameters = AuthorizationParameters<DiscoveredProvider>(
            prompt: [.login], maxAge: 0, uiLocales: ["de-CH", "fr"], acrValues: ["phrh", "urn:okta:loa:2fa:any"])
        let request = try await client.authorizationRequest(redirectURI: redirect, parameters: parameters)
        let query = request.url.queryParameters
        #expect(query["prompt"] == "login")
        #expect(query["max_age"] == "0")
        #expect(query["ui_locales"] == "de-CH fr")
        #expect(query["acr_values"] == "phrh urn:okta:loa:2fa:any")
        // The exchange checks the ID token's auth_time against it.
        #expect(request.pending.maxAge == 0)

        await #expect(
            throws: OAuthError(
                .invalidRequest,
                "expected each acr_values value to be a value without spaces or invisible characters (the parameter is a space-separated list, OIDC Core §3.1.2.1), found a space at character 4 in 'urn mfa', which makes it 2 values: list each on its own"
            )
        ) {
            try await client.authorizationRequest(redirectURI: redirect, parameters: .init(acrValues: ["urn mfa"]))
        }
        await #expect(
            throws: OAuthError(
                .invalidRequest,
                "expected each prompt value to be a value without spaces or invisible characters (the parameter is a space-separated list, OIDC Core §3.1.2.1), found an empty value"
            )
        ) {
            try await client.authorizationRequest(redirectURI: redirect, parameters: .init(prompt: [""]))
        }
        await #expect(
            throws: OAuthError(.invalidRequest, "expected max_age to be a number of seconds, 0 or more, found -1")
        ) {
            try await client.authorizationRequest(redirectURI: redirect, parameters: .init(maxAge: -1))
        }
    }

    @Test func stateAndNonceCarryAtLeast128BitsAndDiffer() throws {
        let requests = try (0..<50).map { _ in
            try AuthorizationRequest<DiscoveredProvider>(
                configuration: testConfiguration(), clientID: "c", redirectURI: redirect, scopes: ["openid"])
        }
        #expect(Set(requests.map(\.pending.state)).count == 50)
        #expect(requests.allSatisfy { $0.pending.state.count >= 22 && ($0.pending.nonce?.count ?? 0) >= 22 })
    }

    @Test func appliesTheProvidersQuirks() throws {
        let quirks = ProviderQuirks(
            scopeSeparator: ",", pkce: .plain,
            authorizationParameters: [QuirkParameter(name: "access_type", value: "offline")])
        let request = try AuthorizationRequest<DiscoveredProvider>(
            configuration: testConfiguration(kind: .oauth2, quirks: quirks), clientID: "c", redirectURI: redirect,
            scopes: ["read:user", "repo"])
        let query = request.url.queryParameters
        #expect(query["scope"] == "read:user,repo")
        #expect(query["code_challenge_method"] == "plain")
        #expect(query["access_type"] == "offline")
        #expect(query["nonce"] == nil)
        #expect(request.url.absoluteString.contains("scope=read%3Auser%2Crepo"))
    }

    @Test func scopesGoInTheProvidersOwnParameterWhereItHasOne() throws {
        // Slack's user tokens: the scopes go in user_scope, and no scope parameter is sent.
        let slack = testConfiguration(
            kind: .oauth2, quirks: ProviderQuirks(scopeSeparator: ",", scopeParameter: "user_scope"))
        let request = try AuthorizationRequest<DiscoveredProvider>(
            configuration: slack, clientID: "c", redirectURI: redirect, scopes: ["chat:write", "identify"])
        #expect(request.url.queryParameters["user_scope"] == "chat:write,identify")
        #expect(request.url.queryParameters["scope"] == nil)
        // A hand-made configuration cannot move the scopes onto a parameter the client sets.
        let hostile = testConfiguration(kind: .oauth2, quirks: ProviderQuirks(scopeParameter: "State"))
        #expect(
            throws: OAuthError(
                .invalidRequest, "expected a scope parameter the client does not set otherwise, found \"State\"")
        ) {
            try AuthorizationRequest<DiscoveredProvider>(
                configuration: hostile, clientID: "c", redirectURI: redirect, scopes: ["a"])
        }
    }

    /// The build checks the quirk file's scopes with the same rule (`quirk-invalid-scope`).
    @Test func aScopeThatIsNoScopeTokenIsRefusedBeforeAnythingIsSent() {
        #expect(
            throws: OAuthError(
                .invalidRequest,
                "expected a scope of printable ASCII without spaces, '\"' or '\\' (scope-token = 1*NQCHAR, RFC 6749 §3.3), found a space at character 7 in 'openid profile', which makes it 2 scopes: list each on its own"
            )
        ) {
            try AuthorizationRequest<DiscoveredProvider>(
                configuration: testConfiguration(), clientID: "c", redirectURI: redirect, scopes: ["openid profile"])
        }
        let github = testConfiguration(kind: .oauth2, quirks: ProviderQuirks(scopeSeparator: ","))
        #expect(
            throws: OAuthError(
                .invalidRequest,
                "expected a scope of printable ASCII without spaces, '\"' or '\\' (scope-token = 1*NQCHAR, RFC 6749 §3.3), found the provider's scope separator ',' in 'repo,user', which makes it more than one scope: list each on its own"
            )
        ) {
            try AuthorizationRequest<DiscoveredProvider>(
                configuration: github, clientID: "c", redirectURI: redirect, scopes: ["repo,user"])
        }
        for (scope, found) in [
            ("", "an empty scope"), ("a\"b", "\\u{22} at character 2"), ("read\u{202E}", "\\u{202E} at character 5"),
        ] {
            let error = #expect(throws: OAuthError.self) {
                try AuthorizationRequest<DiscoveredProvider>(
                    configuration: testConfiguration(), clientID: "c", redirectURI: redirect, scopes: ["openid", scope])
            }
            #expect(error?.message.hasSuffix("found \(found)") == true, "\(scope)")
        }
    }

    /// Metadata read at run time, under the rule the build checks pinned documents with
    /// (`CodeFlowSupport`; `DiscoveryRulesTests` for the build's side).
    @Test func metadataThatRulesOutTheCodeFlowIsRefusedBeforeAnythingIsSent() throws {
        func configuration(_ members: String) throws -> ProviderConfiguration {
            try ProviderConfiguration(
                discoveryDocument: Data(
                    """
                    {"issuer": "https://id.example.com", "authorization_endpoint": "https://id.example.com/authorize",
                     "token_endpoint": "https://id.example.com/token"\(members)}
                    """.utf8))
        }
        let refusals = [
            (
                #", "response_types_supported": ["token", "id_token"]"#,
                #""response_types_supported" to contain "code" (native apps use the authorization code flow), found ["token", "id_token"]"#
            ),
            (
                #", "grant_types_supported": ["client_credentials"]"#,
                #""grant_types_supported" to contain "authorization_code" (native apps use the authorization code flow), found ["client_credentials"]"#
            ),
        ]
        for (members, expectation) in refusals {
            let configuration = try configuration(members)
            #expect(
                throws: OAuthError(
                    .invalidConfiguration, "expected the provider's metadata to allow a browser sign-in: \(expectation)"
                )
            ) {
                try AuthorizationRequest<DiscoveredProvider>(
                    configuration: configuration, clientID: "c", redirectURI: redirect, scopes: [])
            }
        }
        // Absent members have their specified defaults, which allow the code flow.
        #expect(try configuration("").metadata.grantTypesSupported == nil)
        _ = try AuthorizationRequest<DiscoveredProvider>(
            configuration: configuration(""), clientID: "c", redirectURI: redirect, scopes: [])
        let listed =
            #", "response_types_supported": ["code"], "grant_types_supported": ["authorization_code"], "response_modes_supported": ["query", "form_post"]"#
        _ = try AuthorizationRequest<DiscoveredProvider>(
            configuration: configuration(listed), clientID: "c", redirectURI: redirect, scopes: [])
        // A mode list without `query` is not a refusal (the build warns): the request sends no
        // response_mode, and the server answers in the query, code's default.
        let own = try AuthorizationRequest<DiscoveredProvider>(
            configuration: configuration(#", "response_modes_supported": ["web_message"]"#),
            clientID: "c", redirectURI: redirect, scopes: [])
        #expect(own.url.query?.contains("response_mode") == false)
    }

    @Test func aRefreshWithAScopeThatIsNoScopeTokenSendsNothing() async throws {
        let transport = LocalTransport()
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: testConfiguration(kind: .oauth2), options: ClientOptions(transport: transport))
        let error = await #expect(throws: OAuthError.self) {
            try await client.refresh(
                SignIn<DiscoveredProvider>.withoutIDToken(TokenSet(accessToken: "at", refreshToken: "rt")),
                scopes: [DiscoveredProvider.Scope(rawValue: "a\\b")])
        }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.message.hasSuffix("found \\u{5C} at character 2") == true)
        #expect(await transport.requests.isEmpty)
    }

    @Test func refusesParametersThatWouldOverrideItsOwn() {
        #expect(
            throws: OAuthError.invalidRequest(
                "expected extra authorization parameters the client does not set itself, found \"state\"")
        ) {
            try AuthorizationRequest<DiscoveredProvider>(
                configuration: testConfiguration(), clientID: "c", redirectURI: redirect, scopes: [],
                additionalParameters: [QuirkParameter(name: "state", value: "fixed")])
        }
    }

    /// Hardening 7: the configuration's own parameters are checked too, not only the caller's.
    @Test(arguments: [
        ("redirect_uri", "https://attacker.example/cb"), ("state", "fixed"), ("response_type", "token"),
        ("State", "fixed"), ("request_uri", "urn:x"), ("response_mode", "fragment"),
    ])
    func refusesReservedParametersFromTheConfiguration(name: String, value: String) {
        let quirks = ProviderQuirks(authorizationParameters: [QuirkParameter(name: name, value: value)])
        #expect(
            throws: OAuthError.invalidRequest(
                "expected extra authorization parameters the client does not set itself, found \"\(name)\"")
        ) {
            try AuthorizationRequest<DiscoveredProvider>(
                configuration: testConfiguration(quirks: quirks), clientID: "c", redirectURI: redirect, scopes: [])
        }
    }

    @Test func thePendingRequestSurvivesARelaunch() throws {
        let request = try AuthorizationRequest<DiscoveredProvider>(
            configuration: testConfiguration(), clientID: "c", redirectURI: redirect, scopes: ["openid"])
        let restored = try JSONDecoder().decode(
            PendingAuthorization<DiscoveredProvider>.self, from: JSONEncoder().encode(request.pending))
        #expect(restored == request.pending)
        #expect(!"\(request.pending)".contains(request.pending.state))
        #expect(!"\(request.pending)".contains(request.pending.pkce.verifier))
    }
}
