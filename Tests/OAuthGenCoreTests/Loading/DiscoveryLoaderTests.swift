import Testing
@testable import OAuthGenCore

@Suite struct DiscoveryLoaderTests {
    @Test(arguments: Fixtures.discoveryDocuments)
    func loadsEveryRealDocument(name: String) throws {
        let (document, diagnostics) = DiscoveryLoader.load(
            try Fixtures.bytes("discovery/\(name)"), file: name, kind: .openIDConnect)
        #expect(diagnostics.isEmpty)
        let loaded = try #require(document)
        #expect(loaded.issuer != nil)
        #expect(loaded.authorizationEndpoint != nil)
        #expect(loaded.responseTypesSupported?.value.isEmpty == false)
    }

    @Test func keepsMemberLocations() throws {
        let (document, _) = DiscoveryLoader.load(
            try Fixtures.bytes("discovery/google.json"), file: "google.json", kind: .openIDConnect)
        #expect(document?.issuer?.location == SourceLocation(file: "google.json", line: 2, column: 13))
        #expect(
            document?.codeChallengeMethodsSupported?.value.last?.location
                == SourceLocation(file: "google.json", line: 49, column: 5))
    }

    @Test func reportsWrongTypesAtTheValue() throws {
        let (_, diagnostics) = discovery(
            """
            {"issuer": 1, "scopes_supported": "openid", "response_types_supported": ["code", 2],
             "authorization_response_iss_parameter_supported": "yes"}
            """)
        #expect(
            diagnostics.map(\.message) == [
                "expected \"issuer\" to be a string, found a number",
                "expected \"scopes_supported\" to be an array of strings, found a string",
                "expected every element of \"response_types_supported\" to be a string, found a number",
                "expected \"authorization_response_iss_parameter_supported\" to be true or false, found a string",
            ])
        #expect(diagnostics.allSatisfy { $0.rule == .discoveryWrongType })
        #expect(diagnostics[0].location?.column == 12)
    }

    @Test func aNullMemberIsAWarningAndAbsent() throws {
        let (document, diagnostics) = discovery(
            "{\"issuer\": \"https://a.example.com\", \"end_session_endpoint\": null, \"tenant_region_scope\": null}")
        #expect(document?.endSessionEndpoint == nil)
        #expect(
            diagnostics.map { "\($0.severity):\($0.message)" } == [
                "warning:expected \"end_session_endpoint\" to be omitted when it has no value, found null; treated as absent"
            ])
    }

    @Test func refusesANonObjectDocument() throws {
        let (document, diagnostics) = discovery("[]")
        #expect(document == nil)
        #expect(diagnostics.first?.message == "expected the document to be a JSON object, found an array")
    }
}
