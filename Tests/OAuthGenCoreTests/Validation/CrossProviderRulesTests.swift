import Testing
@testable import OAuthGenCore

@Suite struct CrossProviderRulesTests {
    func provider(_ name: String, redirects: [String], issuer: String? = nil) -> LoadedProvider {
        let issuerEntry = issuer.map { "<key>issuer</key><string>\($0)</string>" } ?? ""
        let body =
            "\(issuerEntry)<key>redirectURIs</key><array>" + redirects.map { "<string>\($0)</string>" }.joined()
            + "</array>"
        let (file, _) = quirks(body, file: "\(name).quirks.plist")
        return LoadedProvider(
            input: ProviderInput(name: name, quirksPath: "\(name).quirks.plist"), discovery: nil, quirks: file)
    }

    @Test func distinctRedirectsPass() {
        let found = CrossProviderRules.check([
            provider("a", redirects: ["com.example.app:/a", "http://127.0.0.1/a"]),
            provider("b", redirects: ["com.example.app:/b", "http://127.0.0.1/b"]),
        ])
        #expect(found.isEmpty)
    }

    @Test func aSharedRedirectIsAMixUpError() throws {
        let found = CrossProviderRules.check([
            provider("a", redirects: ["com.example.app:/cb"]),
            provider("b", redirects: ["com.example.app:/cb"]),
        ])
        let error = try #require(found.first)
        #expect(found.count == 1)
        #expect(error.rule == .mixUpSharedRedirect)
        #expect(error.location?.file == "b.quirks.plist")
        #expect(error.message.contains("also used by provider 'a' (a.quirks.plist:"))
    }

    @Test func loopbackRedirectsAreComparedWithoutThePort() throws {
        let found = CrossProviderRules.check([
            provider("a", redirects: ["http://127.0.0.1:5000/cb"]),
            provider("b", redirects: ["http://127.0.0.1/cb"]),
        ])
        #expect(found.map(\.rule) == [.mixUpSharedRedirect])
        #expect(found.first?.message.hasSuffix("compared without the port") == true)
        // Private-use redirects are compared exactly.
        #expect(
            CrossProviderRules.check([
                provider("a", redirects: ["com.example.app:/cb"]), provider("b", redirects: ["com.example.app:/cb2"]),
            ]).isEmpty)
    }

    @Test func aSharedIssuerIsAWarning() {
        let found = CrossProviderRules.check([
            provider("a", redirects: ["com.example.app:/a"], issuer: "https://id.example.com"),
            provider("b", redirects: ["com.example.app:/b"], issuer: "https://id.example.com"),
        ])
        #expect(found.map { "\($0.severity):\($0.rule)" } == ["warning:mixUpSharedIssuer"])
    }
}
