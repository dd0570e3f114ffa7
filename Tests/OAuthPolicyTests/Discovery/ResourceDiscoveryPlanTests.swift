import OAuthPolicy
import Testing

/// Where a client looks, what it signs in with and what it refuses (RFC 9728 §3.1, §3.3; RFC 8414
/// §3; OIDC Discovery §4; the MCP authorization spec): the plan `oauthgen init --resource` and the
/// runtime's discovery share.
@Suite struct ResourceDiscoveryPlanTests {
    typealias Plan = ResourceDiscoveryPlan

    @Test func aResourceWithAPathHasTwoCandidates() throws {
        let candidates = try #require(Plan.metadataCandidates(resource: "https://api.example/v1/mcp", named: nil))
        #expect(
            candidates.map(\.url) == [
                "https://api.example/.well-known/oauth-protected-resource/v1/mcp",
                "https://api.example/.well-known/oauth-protected-resource",
            ])
        #expect(
            candidates.map(\.expectedResources) == [
                ["https://api.example/v1/mcp"], ["https://api.example", "https://api.example/"],
            ])
    }

    @Test func aResourceAtItsOriginHasOne() throws {
        let candidates = try #require(Plan.metadataCandidates(resource: "https://api.example", named: nil))
        #expect(candidates.map(\.url) == ["https://api.example/.well-known/oauth-protected-resource"])
    }

    @Test func aNamedDocumentIsTheOnlyCandidateAndNamesTheRequestsURL() throws {
        let candidates = try #require(
            Plan.metadataCandidates(resource: "https://api.example/mcp", named: "https://meta.example/doc"))
        #expect(
            candidates == [
                Plan.MetadataCandidate(url: "https://meta.example/doc", expectedResources: ["https://api.example/mcp"])
            ])
    }

    @Test(arguments: ["mailto:a@b.example", "https://api.example/#x", ""])
    func aResourceThatIsNoServerURLHasNone(resource: String) {
        #expect(Plan.metadataCandidates(resource: resource, named: nil) == nil)
    }

    @Test func aServerWithAPathHasThreeLocations() throws {
        let issuer = try ServerURL(parsing: "https://as.example/tenant")
        let locations = Plan.authorizationServerLocations(issuer: issuer)
        #expect(
            locations.map(\.url) == [
                "https://as.example/.well-known/oauth-authorization-server/tenant",
                "https://as.example/.well-known/openid-configuration/tenant",
                "https://as.example/tenant/.well-known/openid-configuration",
            ])
        #expect(locations.map(\.isOpenIDConnect) == [false, true, true])
    }

    @Test func aServerWithoutAPathHasTwo() throws {
        let locations = Plan.authorizationServerLocations(issuer: try ServerURL(parsing: "https://as.example"))
        #expect(
            locations.map(\.url) == [
                "https://as.example/.well-known/oauth-authorization-server",
                "https://as.example/.well-known/openid-configuration",
            ])
    }

    /// The challenge's scopes win over `scopes_supported` (RFC 6750 §3; MCP "Scope Selection
    /// Strategy"); `offline_access` exactly when the server lists it (SEP-2207).
    @Test func theSignInScopes() {
        #expect(Plan.signInScopes(challenge: ["tools"], resourceScopes: ["a", "b"], serverScopes: []) == ["tools"])
        #expect(Plan.signInScopes(challenge: nil, resourceScopes: ["a", "b"], serverScopes: []) == ["a", "b"])
        #expect(
            Plan.signInScopes(challenge: nil, resourceScopes: ["a"], serverScopes: ["offline_access"]) == [
                "a", "offline_access",
            ])
        #expect(
            Plan.signInScopes(challenge: ["offline_access", "t"], resourceScopes: [], serverScopes: ["openid"]) == ["t"]
        )
        #expect(
            Plan.signInScopes(challenge: ["t", "offline_access"], resourceScopes: [], serverScopes: ["offline_access"])
                == ["t", "offline_access"])
        #expect(Plan.signInScopes(challenge: [], resourceScopes: ["a"], serverScopes: []) == [])
    }

    /// The MCP spec's PKCE rule: `S256` listed, or no sign-in; the member absent says so.
    @Test func thePKCERefusal() {
        #expect(Plan.pkceRefusal(codeChallengeMethods: ["plain", "S256"], issuer: "https://as.example") == nil)
        #expect(
            Plan.pkceRefusal(codeChallengeMethods: nil, issuer: "https://as.example")
                == "expected the authorization server https://as.example to list \"S256\" in \"code_challenge_methods_supported\", found the member missing: a client of a protected resource does not sign in where PKCE support is not stated (MCP authorization, PKCE)"
        )
        #expect(
            Plan.pkceRefusal(codeChallengeMethods: ["plain"], issuer: "https://as.example")
                == "expected the authorization server https://as.example to list \"S256\" in \"code_challenge_methods_supported\", found [\"plain\"]: a client of a protected resource does not sign in without S256 (MCP authorization, PKCE)"
        )
        #expect(Plan.pkceRefusal(codeChallengeMethods: [], issuer: "https://as.example")?.contains("found []") == true)
    }

    @Test func theMetadataDocumentRefusal() {
        #expect(Plan.metadataDocumentRefusal(supported: true) == nil)
        #expect(
            Plan.metadataDocumentRefusal(supported: false)
                == "expected the authorization server to accept a client ID metadata document (client_id_metadata_document_supported), found it does not say so"
        )
    }

    /// The identifier a document must state: the one it states when it is one of the candidate's,
    /// else the first, which the check then names.
    @Test func theExpectedResource() {
        let origin = Plan.MetadataCandidate(
            url: "u", expectedResources: ["https://api.example", "https://api.example/"])
        #expect(Plan.expectedResource(for: origin, stated: "https://api.example/") == "https://api.example/")
        #expect(Plan.expectedResource(for: origin, stated: "https://other.example") == "https://api.example")
        #expect(Plan.expectedResource(for: origin, stated: nil) == "https://api.example")
    }
}
