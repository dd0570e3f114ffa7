import OAuthPolicy
import Testing

/// The one parser of server URLs (issuers, endpoints) that the build and the runtime share.
@Suite struct ServerURLTests {
    @Test func splitsAnHTTPSURL() throws {
        let url = try ServerURL(parsing: "https://Login.Example.com:8443/o/token?x=1")
        #expect(url.scheme == "https")
        #expect(url.port == 8443)
        #expect(url.pathAndQuery == "/o/token?x=1")
        #expect(url.hasQuery)
    }

    @Test(arguments: [
        ("token", ServerURLError.Reason.notAbsolute),
        ("ftp://example.com/", .unsupportedScheme("ftp")),
        ("https:example.com", .missingAuthority),
        ("https://user:pw@example.com/", .userInfo),
        ("https:///path", .missingHost),
        ("https://exa mple.com/", .invalidHost),
        ("https://example.com:99999/", .invalidPort),
        ("https://example.com/a b", .invalidCharacter),
        ("https://example.com/%zz", .invalidPercentEncoding),
        ("https://example.com/#x", .fragment),
    ])
    func refusesWithTheReason(text: String, reason: ServerURLError.Reason) {
        #expect(throws: ServerURLError.self) { try ServerURL(parsing: text) }
        do {
            _ = try ServerURL(parsing: text)
        } catch {
            #expect(error.reason == reason, "\(text)")
            #expect(error.offset >= 0 && error.offset <= text.utf8.count)
        }
    }

    @Test(arguments: [
        ("https://id.example.com/", EndpointRule.Verdict.secure),
        ("http://127.0.0.1:8000/o", .insecureLoopback),
        ("http://[::1]:8000/o", .insecureLoopback),
        ("http://localhost:8000/o", .refused),
        ("http://id.example.com/", .refused),
    ])
    func httpIsOnlyEverForTheLoopbackLiterals(text: String, verdict: EndpointRule.Verdict) throws {
        #expect(EndpointRule.verdict(for: try ServerURL(parsing: text)) == verdict)
    }
}
