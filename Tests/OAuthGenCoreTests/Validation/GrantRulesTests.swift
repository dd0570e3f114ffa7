import Testing
@testable import OAuthGenCore

/// PAR and the device grant: each rule fires at the line that causes it, and a provider that
/// offers what the quirk file asks for passes. The discovery documents are Glewlwyd's shapes
/// (its PAR-required issuer) and Google's (device grant).
@Suite struct GrantRulesTests {
    static let parRequired = """
        {"issuer": "https://id.example.com", "authorization_endpoint": "https://id.example.com/auth",
         "token_endpoint": "https://id.example.com/token",
         "require_pushed_authorization_requests": true}
        """

    func findings(_ json: String?, quirks body: String?) throws -> [Diagnostic] {
        let document = json.flatMap { discovery($0).0 }
        let file = body.flatMap { quirks($0).0 }
        return GrantRules.check(discovery: document, quirks: file)
    }

    @Test func aProviderThatRequiresPushedRequestsNeedsTheEndpoint() throws {
        let found = try findings(Self.parRequired, quirks: nil)
        #expect(found.map(\.rule) == [.parEndpointMissing])
        #expect(found.first?.severity == .error)
        // At the member that requires it: line 3, where "require_pushed_authorization_requests" has its value.
        #expect(found.first?.location?.line == 3)
        #expect(found.first?.description.hasSuffix("[par-endpoint-missing] (RFC 9126 §5)") == true)
        let withEndpoint = Self.parRequired.replacingOccurrences(
            of: "{", with: "{\"pushed_authorization_request_endpoint\": \"https://id.example.com/par\", ")
        #expect(try findings(withEndpoint, quirks: nil).isEmpty)
        // Or the quirk file supplies it.
        #expect(
            try findings(
                Self.parRequired,
                quirks:
                    "<key>endpoints</key><dict><key>pushedAuthorizationRequest</key><string>https://id.example.com/par</string></dict>"
            ).isEmpty)
    }

    @Test func aQuirkFileThatAsksForPushedRequestsNeedsTheEndpoint() throws {
        let found = try findings(
            DiscoveryRulesTests.minimal,
            quirks: "<key>clientID</key><string>a</string>\n<key>pushedAuthorizationRequests</key><true/>")
        #expect(found.map(\.rule) == [.parEndpointMissing])
        #expect(found.first?.location?.file == "test.quirks.plist")
        #expect(found.first?.location?.line == 5)
        #expect(
            try findings(DiscoveryRulesTests.minimal, quirks: "<key>pushedAuthorizationRequests</key><false/>").isEmpty)
    }

    @Test func aQuirkFileCannotTurnOffWhatTheProviderRequires() throws {
        let json = Self.parRequired.replacingOccurrences(
            of: "{", with: "{\"pushed_authorization_request_endpoint\": \"https://id.example.com/par\", ")
        let found = try findings(json, quirks: "<key>pushedAuthorizationRequests</key><false/>")
        #expect(found.map(\.rule) == [.parRequiredByProvider])
        #expect(
            found.first?.message.contains(
                "\"require_pushed_authorization_requests\": true (at test.openid-configuration.json:3:") == true)
    }

    @Test func theDeviceGrantNeedsTheDeviceEndpoint() throws {
        let found = try findings(DiscoveryRulesTests.minimal, quirks: "<key>deviceGrant</key><true/>")
        #expect(found.map(\.rule) == [.deviceEndpointMissing])
        #expect(found.first?.description.hasSuffix("(RFC 8628 §4)") == true)
        let google = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{", with: "{\"device_authorization_endpoint\": \"https://oauth2.googleapis.com/device/code\", ")
        #expect(try findings(google, quirks: "<key>deviceGrant</key><true/>").isEmpty)
        #expect(
            try findings(
                DiscoveryRulesTests.minimal,
                quirks:
                    "<key>deviceGrant</key><true/><key>endpoints</key><dict><key>deviceAuthorization</key><string>https://id.example.com/device</string></dict>"
            ).isEmpty)
    }

    @Test func aDeviceGrantTheMetadataDoesNotListIsAWarning() throws {
        let json = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{",
            with: """
                {"device_authorization_endpoint": "https://id.example.com/device", "grant_types_supported": ["authorization_code", "refresh_token"],
                """)
        let found = try findings(json, quirks: "<key>deviceGrant</key><true/>")
        #expect(found.map { "\($0.severity):\($0.rule.rawValue)" } == ["warning:device-grant-not-listed"])
        let listed = json.replacingOccurrences(
            of: "\"refresh_token\"]", with: "\"refresh_token\", \"urn:ietf:params:oauth:grant-type:device_code\"]")
        #expect(try findings(listed, quirks: "<key>deviceGrant</key><true/>").isEmpty)
    }

    /// Enterprise-managed authorization: an identity provider the app exchanges tokens at, and an
    /// authorization server that redeems ID-JAGs, must list their grants (RFC 8414 §2: absent,
    /// the list means the code and implicit grants alone), at the list's line or the key's.
    @Test func extensionGrantsTheMetadataDoesNotListAreErrors() throws {
        let listing = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{",
            with: """
                {"grant_types_supported": ["authorization_code", "refresh_token"],
                """)
        let exchange = try findings(listing, quirks: "<key>tokenExchange</key><true/>")
        #expect(exchange.map { "\($0.severity):\($0.rule.rawValue)" } == ["error:extension-grant-not-listed"])
        #expect(exchange.first?.location?.line == 1)
        #expect(
            exchange.first?.message
                == "expected grant_types_supported to list urn:ietf:params:oauth:grant-type:token-exchange, found authorization_code, refresh_token"
        )
        let silent = try findings(
            DiscoveryRulesTests.minimal,
            quirks: "<key>clientID</key><string>a</string>\n<key>jwtBearerGrant</key><true/>")
        #expect(silent.map(\.rule) == [.extensionGrantNotListed])
        #expect(silent.first?.location?.file == "test.quirks.plist")
        #expect(silent.first?.location?.line == 5)
        #expect(
            silent.first?.message.hasSuffix(
                "found it absent, which means authorization_code and implicit alone (RFC 8414 §2)") == true)
        let both = listing.replacingOccurrences(
            of: "\"refresh_token\"]",
            with: """
                "refresh_token", "urn:ietf:params:oauth:grant-type:token-exchange", "urn:ietf:params:oauth:grant-type:jwt-bearer"]
                """)
        #expect(try findings(both, quirks: "<key>tokenExchange</key><true/><key>jwtBearerGrant</key><true/>").isEmpty)
        #expect(try findings(listing, quirks: "<key>tokenExchange</key><false/>").isEmpty)
    }

    /// A server that lists the ID-JAG profile (draft-ietf-oauth-identity-assertion-authz-grant
    /// §7.2) takes the jwt-bearer grant whatever its grant types say, as the runtime reads it
    /// (issue 45); the profile says nothing of token exchange.
    @Test func theIDJAGProfileStandsForTheJWTBearerGrant() throws {
        let profile = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{",
            with: """
                {"authorization_grant_profiles_supported": ["urn:ietf:params:oauth:grant-profile:id-jag"],
                """)
        #expect(try findings(profile, quirks: "<key>jwtBearerGrant</key><true/>").isEmpty)
        #expect(
            try findings(profile, quirks: "<key>tokenExchange</key><true/>").map(\.rule) == [.extensionGrantNotListed])
    }

    /// `private_key_jwt` needs the method listed (absent: client_secret_basic alone) and, where
    /// the metadata lists assertion algorithms, ES256 or RS256 among them; each at its member.
    @Test func privateKeyJWTTheMetadataDoesNotOfferIsAnError() throws {
        let quirk =
            "<key>clientID</key><string>a</string>\n<key>tokenEndpointAuthMethod</key><string>private_key_jwt</string>"
        let silent = try findings(DiscoveryRulesTests.minimal, quirks: quirk)
        #expect(silent.map(\.rule) == [.authMethodNotListed])
        #expect(silent.first?.location?.file == "test.quirks.plist")
        #expect(
            silent.first?.message
                == #"expected token_endpoint_auth_methods_supported to list "private_key_jwt", found it absent, which means client_secret_basic alone (RFC 8414 §2)"#
        )
        let secretsOnly = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{",
            with: """
                {"token_endpoint_auth_methods_supported": ["client_secret_basic"],
                """)
        #expect(try findings(secretsOnly, quirks: quirk).first?.location?.line == 1)
        let hmacOnly = DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{",
            with: """
                {"token_endpoint_auth_methods_supported": ["private_key_jwt"],
                 "token_endpoint_auth_signing_alg_values_supported": ["HS256", "PS256"],
                """)
        let algorithms = try findings(hmacOnly, quirks: quirk)
        #expect(algorithms.map(\.rule) == [.authMethodNotListed])
        #expect(algorithms.first?.location?.line == 2)
        #expect(
            algorithms.first?.message
                == "expected token_endpoint_auth_signing_alg_values_supported to list ES256 or RS256 for private_key_jwt, found HS256, PS256"
        )
        #expect(
            try findings(hmacOnly.replacingOccurrences(of: "\"PS256\"]", with: "\"PS256\", \"RS256\"]"), quirks: quirk)
                .isEmpty)
        // A secret method is the provider's quirk, not held to the list.
        #expect(
            try findings(
                DiscoveryRulesTests.minimal,
                quirks: "<key>tokenEndpointAuthMethod</key><string>client_secret_post</string>"
            ).isEmpty)
    }

    @Test func theNewKeysAreReadAndMisspellingsGetASuggestion() throws {
        let (file, loading) = quirks("<key>pushedAuthorizationRequest</key><true/>")
        #expect(loading.map(\.rule) == [.quirkUnknownKey])
        #expect(loading.first?.message.contains("did you mean \"pushedAuthorizationRequests\"?") == true)
        #expect(file?.pushedAuthorizationRequests == nil)
        let (typed, wrong) = quirks("<key>deviceGrant</key><string>yes</string>")
        #expect(wrong.map(\.rule) == [.quirkWrongType])
        #expect(typed?.deviceGrant == nil)
    }
}

/// DPoP at build time: the quirk file's `dpop` against the provider's proof algorithms.
@Suite struct DPoPRulesTests {
    func findings(_ json: String, quirks body: String) throws -> [Diagnostic] {
        GrantRules.check(discovery: discovery(json).0, quirks: quirks(body).0)
    }

    static func metadata(_ algorithms: String) -> String {
        DiscoveryRulesTests.minimal.replacingOccurrences(
            of: "{", with: "{\"dpop_signing_alg_values_supported\": \(algorithms), ")
    }

    @Test func aProviderWithoutES256IsRefusedAtItsList() throws {
        let found = try findings(Self.metadata(#"["PS256", "EdDSA"]"#), quirks: "<key>dpop</key><true/>")
        #expect(found.map(\.rule) == [.dpopNoSupportedAlgorithm])
        #expect(found.first?.location?.file == "test.openid-configuration.json")
        #expect(
            found.first?.message
                == #"expected "dpop_signing_alg_values_supported" to list "ES256", which the runtime signs proofs with, found "PS256", "EdDSA""#
        )
        #expect(try findings(Self.metadata(#"["ES256", "PS256"]"#), quirks: "<key>dpop</key><true/>").isEmpty)
        // Without `dpop` the list is only information.
        #expect(try findings(Self.metadata(#"["PS256"]"#), quirks: "<key>clientID</key><string>a</string>").isEmpty)
    }

    @Test func aProviderThatDoesNotAdvertiseDPoPIsAWarningAtTheQuirk() throws {
        let found = try findings(DiscoveryRulesTests.minimal, quirks: "<key>dpop</key><true/>")
        #expect(found.map { "\($0.severity):\($0.rule.rawValue)" } == ["warning:dpop-not-advertised"])
        #expect(found.first?.location?.file == "test.quirks.plist")
    }
}
