import Testing
@testable import OAuthGenCore

@Suite struct DriftCheckTests {
    func value(_ json: String, file: String) throws -> JSONValue {
        try #require(JSONReader.read(Array(json.utf8), file: file).value)
    }

    @Test func removalsAreErrorsAdditionsNotesChangesByWeight() throws {
        let pinned = try value(
            """
            {
              "issuer": "https://id.example.com",
              "token_endpoint": "https://id.example.com/token",
              "revocation_endpoint": "https://id.example.com/revoke",
              "scopes_supported": ["openid", "email", "legacy"],
              "service_documentation": "https://id.example.com/docs"
            }
            """, file: "pinned.json")
        let fetched = try value(
            """
            {"issuer": "https://id.example.com", "token_endpoint": "https://id.example.com/oauth/token",
             "scopes_supported": ["openid", "email", "phone"], "service_documentation": "https://id.example.com/help",
             "userinfo_endpoint": "https://id.example.com/userinfo"}
            """, file: "pinned.json")
        let findings = DriftCheck.compare(
            pinned: pinned, fetched: fetched, fetchedFrom: "https://id.example.com/.well-known/openid-configuration"
        )
        .sortedByLocation()
        #expect(
            findings.map { "\($0.location!.line):\($0.location!.column) \($0.severity.rawValue) \($0.rule.rawValue)" }
                == [
                    "1:1 note drift-added",
                    "3:21 error drift-changed",
                    "4:3 error drift-removed",
                    "5:23 note drift-added",
                    "5:43 error drift-removed",
                    "6:28 warning drift-changed",
                ])
        #expect(
            findings.first { $0.rule == .driftRemoved && $0.location?.line == 5 }?.message
                == "expected \"scopes_supported\" to still list \"legacy\", found it removed in https://id.example.com/.well-known/openid-configuration"
        )
    }
}
