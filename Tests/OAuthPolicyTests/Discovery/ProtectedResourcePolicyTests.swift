import OAuthPolicy
import Testing

/// What a client requires of a protected resource's metadata (RFC 9728 §2, §3.3): the rule the
/// build's check, `oauthgen init --resource` and the runtime's discovery share.
@Suite struct ProtectedResourcePolicyTests {
    static let resource = "https://api.example/mcp"

    static func problems(
        resource: String? = resource, servers: [String]? = ["https://as.example"], bearer: [String]? = nil,
        loopback: Bool = false
    ) -> [ProtectedResourcePolicy.Problem] {
        ProtectedResourcePolicy.problems(
            resource: resource, expectedResource: Self.resource, authorizationServers: servers,
            bearerMethods: bearer, allowInsecureLoopback: loopback)
    }

    /// The least RFC 9728 allows a client to follow: `resource` and one server.
    @Test func theLeastADocumentNeedsPasses() {
        #expect(Self.problems().isEmpty)
        #expect(Self.problems(bearer: ["header", "body"]).isEmpty)
    }

    @Test func aMissingResourceIsAProblem() {
        #expect(
            Self.problems(resource: nil).map(\.description)
                == ["expected \"resource\", the resource's identifier (RFC 9728 §2), found none"])
    }

    /// §3.3: another resource's metadata must not be used.
    @Test func anotherResourcesMetadataIsAProblem() {
        #expect(
            Self.problems(resource: "https://evil.example/mcp").map(\.description)
                == [
                    "expected \"resource\" to be \"https://api.example/mcp\" exactly, the URL the metadata was looked up for (RFC 9728 §3.3), found \"https://evil.example/mcp\""
                ])
    }

    @Test func serversMissingEmptyOrNotIssuersAreProblems() {
        #expect(Self.problems(servers: nil).map(\.member) == ["authorization_servers"])
        #expect(
            Self.problems(servers: []).map(\.description)
                == [
                    "expected \"authorization_servers\" to list the issuer of at least one authorization server (RFC 9728 §2), found an empty list"
                ])
        #expect(
            Self.problems(servers: ["https://as.example?tenant=1"]).map(\.description)
                == [
                    "expected each of \"authorization_servers\" to be an issuer identifier, an https URL without query or fragment (RFC 8414 §2), found \"https://as.example?tenant=1\", which has a query"
                ])
        #expect(Self.problems(servers: ["https://as.example", "http://as.example"]).count == 1)
    }

    /// http only on the loopback address, and only when the caller allows it (local tests).
    @Test func httpIsAllowedOnLoopbackOnlyWhenAsked() {
        #expect(
            Self.problems(servers: ["http://127.0.0.1:9000"]).map(\.description)
                == [
                    "expected each of \"authorization_servers\" to be an issuer identifier, an https URL without query or fragment (RFC 8414 §2), found \"http://127.0.0.1:9000\", which is http (allowed on the loopback address only for local tests)"
                ])
        #expect(Self.problems(servers: ["http://127.0.0.1:9000"], loopback: true).isEmpty)
        #expect(
            Self.problems(servers: ["http://as.example"], loopback: true).map(\.member) == ["authorization_servers"])
    }

    /// The client sends tokens in the Authorization header only (RFC 6750 §2.1).
    @Test func bearerMethodsWithoutTheHeaderAreAProblem() {
        #expect(
            Self.problems(bearer: ["body"]).map(\.description)
                == [
                    "expected \"bearer_methods_supported\" to allow \"header\" (RFC 6750 §2.1), the only way the client sends a token, found \"body\""
                ])
        #expect(Self.problems(bearer: []).map(\.description).first?.hasSuffix("found an empty list") == true)
    }

    /// What a hostile document says is escaped before it reaches a terminal.
    @Test func aHostileResourceIsEscaped() {
        let description = Self.problems(resource: "https://evil.example/\u{1B}[2J").first?.description ?? ""
        #expect(!description.contains("\u{1B}"))
    }
}
