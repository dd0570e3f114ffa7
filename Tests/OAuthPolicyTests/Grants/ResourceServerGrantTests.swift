import OAuthPolicy
import Testing

/// What a protected resource's authorization server must publish, by the grant the client will
/// use there (issue 45): one rule for `oauthgen init --resource` and the runtime's discovery.
@Suite struct ResourceServerGrantTests {
    static let issuer = "https://as.example"
    static let profile = ExtensionGrant.identityAssertionProfile
    static let jwtBearer = ExtensionGrant.jwtBearer.rawValue

    static func metadata(
        endpoint: Bool = false, pkce: [String]? = nil, grantTypes: [String]? = nil, profiles: [String]? = nil
    )
        -> ResourceServerGrant.ServerMetadata
    {
        ResourceServerGrant.ServerMetadata(
            hasAuthorizationEndpoint: endpoint, codeChallengeMethods: pkce, grantTypes: grantTypes,
            grantProfiles: profiles)
    }

    /// An ID-JAG is redeemed with the jwt-bearer grant, announced either way alone; no code-flow
    /// member is asked for (no authorization endpoint, no PKCE).
    @Test func anIdentityAssertionNeedsTheProfileOrTheGrantAlone() {
        #expect(
            ResourceServerGrant.identityAssertion.refusal(Self.metadata(profiles: [Self.profile]), issuer: Self.issuer)
                == nil)
        #expect(
            ResourceServerGrant.identityAssertion.refusal(
                Self.metadata(grantTypes: [Self.jwtBearer]), issuer: Self.issuer) == nil)
        #expect(
            ResourceServerGrant.identityAssertion.refusal(
                Self.metadata(grantTypes: ["authorization_code"], profiles: [Self.profile]), issuer: Self.issuer) == nil
        )
    }

    /// Absent grant types mean authorization_code and implicit (RFC 8414 §2); an S256 code-flow
    /// server is no ID-JAG server.
    @Test func anIdentityAssertionIsRefusedWhereNeitherIsListed() {
        let absent = ResourceServerGrant.identityAssertion.refusal(
            Self.metadata(endpoint: true, pkce: ["S256"]), issuer: Self.issuer)
        #expect(
            absent
                == "the authorization server https://as.example, which redeems the ID-JAG (MCP enterprise-managed authorization §6): "
                + "expected grant_types_supported to list \(Self.jwtBearer) or \(Self.profile) in authorization_grant_profiles_supported, "
                + "found it absent, which means authorization_code and implicit alone (RFC 8414 §2)")
        let other = ResourceServerGrant.identityAssertion.refusal(
            Self.metadata(grantTypes: ["authorization_code"], profiles: ["urn:example:other"]), issuer: Self.issuer)
        #expect(other?.hasSuffix("found authorization_code") == true)
    }

    /// The code flow needs an authorization endpoint and S256, whatever else is listed.
    @Test func aBrowserSignInNeedsAnAuthorizationEndpointAndS256() {
        #expect(
            ResourceServerGrant.authorizationCode.refusal(
                Self.metadata(endpoint: true, pkce: ["S256"]), issuer: Self.issuer) == nil)
        #expect(
            ResourceServerGrant.authorizationCode.refusal(
                Self.metadata(pkce: ["S256"], profiles: [Self.profile]), issuer: Self.issuer)
                == "expected the authorization server https://as.example to have an \"authorization_endpoint\", found none: a browser sign-in needs one (RFC 8414 §2)"
        )
        #expect(
            ResourceServerGrant.authorizationCode.refusal(
                Self.metadata(endpoint: true, grantTypes: [Self.jwtBearer]), issuer: Self.issuer)
                == ResourceDiscoveryPlan.pkceRefusal(codeChallengeMethods: nil, issuer: Self.issuer))
    }

    /// Token exchange is not a profile of jwt-bearer: the ID-JAG profile does not stand for it.
    @Test func theProfileStandsForTheJWTBearerGrantOnly() {
        #expect(ExtensionGrant.jwtBearer.refusal(grantTypes: nil, grantProfiles: [Self.profile]) == nil)
        #expect(
            ExtensionGrant.tokenExchange.refusal(grantTypes: nil, grantProfiles: [Self.profile])
                == "expected grant_types_supported to list urn:ietf:params:oauth:grant-type:token-exchange, found it absent, which means authorization_code and implicit alone (RFC 8414 §2)"
        )
    }
}
