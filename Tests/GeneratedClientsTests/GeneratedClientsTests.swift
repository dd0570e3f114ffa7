import Foundation
import OAuthRuntime
import Testing

/// Exercises the golden generated clients in `Golden/`, compiled into this target with warnings
/// as errors against the real `OAuthRuntime`.
@Suite struct GeneratedClientsTests {
    @Test func googleConfigurationCarriesDiscoveryAndQuirks() {
        let configuration = Google.configuration
        #expect(configuration.issuer == "https://accounts.google.com")
        #expect(configuration.endpoints.token.absoluteString == "https://oauth2.googleapis.com/token")
        #expect(configuration.endpoints.jwks?.absoluteString == "https://www.googleapis.com/oauth2/v3/certs")
        #expect(configuration.metadata.kind == .openIDConnect)
        #expect(configuration.metadata.codeChallengeMethodsSupported.contains("S256"))
        #expect(configuration.quirks.authorizationParameters == [QuirkParameter(name: "access_type", value: "offline")])
        #expect(configuration.client.redirectURIs.map(\.absoluteString) == [
            "com.googleusercontent.apps.123456789000-hjugbg6ud799v4c49dim8ce2usclthar:/oauth2redirect",
            "http://127.0.0.1/oauth2/google",
        ])
        #expect(configuration.client.defaultScopes == ["openid", "email", "profile"])
    }

    @Test func scopesAreTypedAndOpen() {
        #expect(Google.Scope.openid.rawValue == "openid")
        #expect(Google.Scope.authDriveFile.rawValue == "https://www.googleapis.com/auth/drive.file")
        let custom: Google.Scope = "https://www.googleapis.com/auth/tasks"
        #expect(custom.description == "https://www.googleapis.com/auth/tasks")
        let scopes: [GitHub.Scope] = [.readUser, .userEmail]
        #expect(scopes.joined(separator: GitHub.configuration.quirks.scopeSeparator) == "read:user,user:email")
    }

    @Test func claimsDecodeWithTheirTypes() throws {
        let payload = """
            {"iss": "https://accounts.google.com", "sub": "110169484474386276334", "aud": "client-1",
             "exp": 1700003600, "iat": 1700000000, "email": "a@example.com", "email_verified": true,
             "hd": "example.com", "unknown_member": [1, 2]}
            """
        let claims = try JSONDecoder().decode(Google.Claims.self, from: Data(payload.utf8))
        #expect(claims.sub == "110169484474386276334")
        #expect(claims.aud?.contains("client-1") == true)
        #expect(claims.exp == Date(timeIntervalSince1970: 1_700_003_600))
        #expect(claims.emailVerified == true)
        #expect(claims.hd == "example.com")
        #expect(claims.name == nil)
    }

    @Test func claimsWithoutASubjectAreRejected() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Google.Claims.self, from: Data(#"{"iss": "https://accounts.google.com"}"#.utf8))
        }
    }

    @Test func entraResolvesItsTenantIssuerFromTheToken() throws {
        let template = try #require(MicrosoftEntra.configuration.issuerTemplate)
        let issuer = try #require(MicrosoftEntra.configuration.issuer)
        #expect(template.resolve(issuer, claims: ["tid": "9188040d-6c67-4c5b-b112-36a304b66dad"])
            == "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0")
        #expect(template.resolve(issuer, claims: [:]) == nil)
        #expect(template.resolve(issuer, claims: ["tid": "evil.example.com/x"]) == nil)
        let claims = try JSONDecoder().decode(MicrosoftEntra.Claims.self, from: Data(#"{"sub": "s", "tid": "t", "aud": ["a", "b"]}"#.utf8))
        #expect(claims.tid == "t")
        #expect(claims.aud?.values == ["a", "b"])
    }

    @Test func gitHubIsAnOAuthOnlyProviderWithQuirks() {
        let configuration = GitHub.configuration
        #expect(configuration.issuer == nil)
        #expect(configuration.metadata.kind == .oauth2)
        #expect(configuration.quirks.tokenRequestHeaders == [QuirkParameter(name: "Accept", value: "application/json")])
        #expect(configuration.quirks.tokenResponse.errorsWithStatus200)
        #expect(configuration.endpoints.revocation == nil)
    }

    @Test func configurationsRoundTripThroughCodable() throws {
        let data = try JSONEncoder().encode(Google.configuration)
        #expect(try JSONDecoder().decode(ProviderConfiguration.self, from: data) == Google.configuration)
    }
}
