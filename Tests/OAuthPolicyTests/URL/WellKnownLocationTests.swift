import OAuthPolicy
import Testing

/// One rule for where metadata lives, used by `oauthgen fetch` and by the runtime.
@Suite struct WellKnownLocationTests {
    @Test(arguments: [
        (
            "https://as.example.com", "https://as.example.com/.well-known/openid-configuration",
            "https://as.example.com/.well-known/oauth-authorization-server"
        ),
        (
            "https://as.example.com/", "https://as.example.com/.well-known/openid-configuration",
            "https://as.example.com/.well-known/oauth-authorization-server"
        ),
        (
            "https://as.example.com/tenant1", "https://as.example.com/tenant1/.well-known/openid-configuration",
            "https://as.example.com/.well-known/oauth-authorization-server/tenant1"
        ),
        (
            "http://127.0.0.1:8000/o/", "http://127.0.0.1:8000/o/.well-known/openid-configuration",
            "http://127.0.0.1:8000/.well-known/oauth-authorization-server/o"
        ),
        (
            "http://[::1]:9000/realms/a", "http://[::1]:9000/realms/a/.well-known/openid-configuration",
            "http://[::1]:9000/.well-known/oauth-authorization-server/realms/a"
        ),
    ])
    func documentsAreWhereTheSpecsPutThem(issuer: String, openID: String, rfc8414: String) throws {
        let url = try ServerURL(parsing: issuer)
        #expect(WellKnownLocation.openIDConfiguration(forIssuer: url) == openID)
        #expect(WellKnownLocation.authorizationServerMetadata(forIssuer: url) == rfc8414)
        // The same from the issuer's text, as the CLI and the runtime call it.
        #expect(WellKnownLocation.openIDConfiguration(forIssuer: issuer) == openID)
        #expect(WellKnownLocation.authorizationServerMetadata(forIssuer: issuer) == rfc8414)
    }

    @Test func anIssuerThatIsNotAServerURLHasNoLocation() {
        #expect(WellKnownLocation.openIDConfiguration(forIssuer: "as.example.com/tenant") == nil)
        #expect(WellKnownLocation.authorizationServerMetadata(forIssuer: "https://user@as.example.com") == nil)
    }
}
