import Testing
@testable import OAuthGenCore

/// A provider pinned with `init --resource`: the resource's metadata against the quirk file's
/// `resource` and the server's issuer, each finding at its member; the model honours what the
/// metadata asks.
@Suite struct ProtectedResourceRulesTests {
    static let server = """
        {"issuer": "https://as.example.com", "authorization_endpoint": "https://as.example.com/authorize",
         "token_endpoint": "https://as.example.com/token", "registration_endpoint": "https://as.example.com/register",
         "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"]}
        """

    static let metadata = """
        {
          "resource": "https://api.example.com/mcp",
          "authorization_servers": ["https://as.example.com"],
          "scopes_supported": ["files:read", "files:write"],
          "bearer_methods_supported": ["header"]
        }
        """

    static let quirkBody =
        "<key>resource</key><string>https://api.example.com/mcp</string>\n<key>redirectURIs</key><array><string>http://127.0.0.1/cb</string></array>"

    func provider(_ metadata: String, quirks body: String = Self.quirkBody) -> LoadedProvider {
        var provider = LoadedProvider(
            input: ProviderInput(
                name: "mcp", discoveryPath: "mcp.oauth-authorization-server.json",
                discoveryKind: .oauthAuthorizationServer,
                quirksPath: "mcp.quirks.plist"),
            discovery: discovery(Self.server, kind: .oauthAuthorizationServer).0, quirks: quirks(body).0)
        provider.protectedResource =
            ProtectedResourceLoader.load(Array(metadata.utf8), file: "mcp.oauth-protected-resource.json").0
        return provider
    }

    func findings(_ metadata: String, quirks body: String = Self.quirkBody) -> [Diagnostic] {
        Validator.validate([provider(metadata, quirks: body)]).filter { $0.rule.rawValue.hasPrefix("resource-") }
    }

    @Test func matchingMetadataPassesAndTheModelCarriesTheResource() throws {
        #expect(findings(Self.metadata).isEmpty)
        let model = try #require(ModelBuilder.build(provider(Self.metadata), accessLevel: .internal))
        #expect(model.resource == "https://api.example.com/mcp")
        // The server lists no scopes: the resource's are the typed constants.
        #expect(model.scopes.map(\.value) == ["files:read", "files:write"])
        #expect(!model.capabilities.dpop)
    }

    @Test func metadataForAnotherResourceIsAnErrorAtItsResource() throws {
        let found = findings(
            Self.metadata.replacingOccurrences(
                of: "\"https://api.example.com/mcp\"", with: "\"https://api.example.com/other\""))
        let error = try #require(found.first)
        #expect(error.rule == .resourceIdentifier)
        #expect(error.severity == .error)
        #expect(error.location?.file == "mcp.oauth-protected-resource.json")
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 15)
        #expect(
            error.message
                == #"expected "resource" to be "https://api.example.com/mcp" exactly, the URL the metadata was looked up for (RFC 9728 §3.3), found "https://api.example.com/other""#
        )
    }

    @Test func aQuirkFileWithoutTheResourceIsAnError() {
        let found = findings(
            Self.metadata, quirks: "<key>redirectURIs</key><array><string>http://127.0.0.1/cb</string></array>")
        #expect(found.map(\.rule) == [.resourceIdentifier])
        #expect(
            found.first?.message.hasPrefix("expected the quirk file of provider 'mcp' to name the \"resource\"") == true
        )
    }

    @Test func theServerMustBeOneTheResourceNames() {
        let found = findings(
            Self.metadata.replacingOccurrences(
                of: "[\"https://as.example.com\"]", with: "[\"https://other-as.example.com\"]"))
        #expect(found.map(\.rule) == [.resourceAuthorizationServer])
        #expect(found.first?.location?.line == 3)
        #expect(
            found.first?.message
                == #"expected "authorization_servers" to list "https://as.example.com", the issuer of the pinned authorization server metadata, found "https://other-as.example.com""#
        )
    }

    @Test func aResourceThatRefusesTheHeaderIsAnError() {
        let found = findings(Self.metadata.replacingOccurrences(of: "[\"header\"]", with: "[\"body\", \"query\"]"))
        #expect(found.map(\.rule) == [.resourceBearerMethod])
        #expect(found.first?.location?.line == 5)
    }

    @Test func defaultScopesTheResourceDoesNotListAreWarned() {
        let found = findings(
            Self.metadata,
            quirks: Self.quirkBody + "\n<key>defaultScopes</key><array><string>files:admin</string></array>")
        #expect(found.map(\.rule) == [.resourceScope])
        #expect(found.first?.severity == .warning)
    }

    @Test func aWrongTypeIsAnErrorAtTheValue() {
        let json = Self.metadata.replacingOccurrences(of: "[\"header\"]", with: "\"header\"")
        let found = ProtectedResourceLoader.load(Array(json.utf8), file: "mcp.oauth-protected-resource.json").1
        #expect(found.map(\.rule) == [.resourceWrongType])
        #expect(found.first?.location?.line == 5)
        #expect(
            found.first?.message == #"expected "bearer_methods_supported" to be an array of strings, found a string"#)
    }

    /// RFC 9728 §2: a resource that refuses bearer tokens gets a client that binds its tokens.
    @Test func requiredDPoPIsHonoured() throws {
        let model = try #require(
            ModelBuilder.build(
                provider(
                    Self.metadata.replacingOccurrences(
                        of: "\"scopes_supported\"",
                        with: "\"dpop_bound_access_tokens_required\": true, \"scopes_supported\"")),
                accessLevel: .internal))
        #expect(model.capabilities.dpop)
        #expect(model.quirks.dpop)
    }
}
