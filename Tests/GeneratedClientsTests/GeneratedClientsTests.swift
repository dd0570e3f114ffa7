import Foundation
import OAuthRuntime
import Testing

/// Exercises the clients the build plugin generates from `Providers/`, compiled into this target with warnings
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
        #expect(
            configuration.client.redirectURIs.map(\.absoluteString) == [
                "com.googleusercontent.apps.123456789000-hjugbg6ud799v4c49dim8ce2usclthar:/oauth2redirect",
                "http://127.0.0.1/oauth2/google",
            ])
        #expect(configuration.client.defaultScopes == ["openid", "email", "profile"])
    }

    /// An identity provider the app exchanges tokens at with a client key (idpyoidc's document):
    /// the generated configuration carries the method, the audience quirk and the algorithms the
    /// runtime holds the key to.
    @Test func aClientKeyProviderCarriesItsAuthentication() {
        let configuration = Corp.configuration
        #expect(configuration.quirks.tokenEndpointAuthMethod == .privateKeyJWT)
        #expect(configuration.quirks.clientAssertionAudience == .tokenEndpoint)
        #expect(configuration.metadata.tokenEndpointAuthSigningAlgorithms?.contains("ES256") == true)
        #expect(
            configuration.metadata.grantTypesSupported?.contains("urn:ietf:params:oauth:grant-type:token-exchange")
                == true)
        // A provider without a client key renders no algorithms: its generated code is as before.
        #expect(Google.configuration.metadata.tokenEndpointAuthSigningAlgorithms == nil)
    }

    @Test func scopesAreTypedAndOpen() {
        #expect(Google.Scope.openid.rawValue == "openid")
        #expect(Google.Scope.authDriveFile.rawValue == "https://www.googleapis.com/auth/drive.file")
        let custom: Google.Scope = "https://www.googleapis.com/auth/tasks"
        #expect(custom.description == "https://www.googleapis.com/auth/tasks")
        let scopes: [GitHub.Scope] = [.readUser, .userEmail]
        #expect(
            scopes.map(\.rawValue).joined(separator: GitHub.configuration.quirks.scopeSeparator)
                == "read:user,user:email")
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
        #expect(
            template.resolve(issuer, claims: ["tid": "9188040d-6c67-4c5b-b112-36a304b66dad"])
                == "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0")
        #expect(template.resolve(issuer, claims: [:]) == nil)
        #expect(template.resolve(issuer, claims: ["tid": "evil.example.com/x"]) == nil)
        let claims = try JSONDecoder().decode(
            MicrosoftEntra.Claims.self, from: Data(#"{"sub": "s", "tid": "t", "aud": ["a", "b"]}"#.utf8))
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

    @Test func clientsAndSessionsAreMadeFromTheGeneratedType() async throws {
        let client = Google.client()
        #expect(client.configuration == Google.configuration)
        #expect(client.clientID == "123456789000-hjugbg6ud799v4c49dim8ce2usclthar.apps.googleusercontent.com")
        let request = try await client.authorizationRequest(
            redirectURI: Google.RedirectURI.reversedClientID.registered.url, scopes: [.email, .authDriveFile])
        let query = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems)
        // An OpenID provider's request always asks for openid.
        #expect(query.first { $0.name == "scope" }?.value == "openid email https://www.googleapis.com/auth/drive.file")
        #expect(
            query.first { $0.name == "redirect_uri" }?.value
                == "com.googleusercontent.apps.123456789000-hjugbg6ud799v4c49dim8ce2usclthar:/oauth2redirect")
        #expect(request.pending.scopes == ["openid", "email", "https://www.googleapis.com/auth/drive.file"])
        _ = GitHub.session()
        // The session's allow-list reaches it from the generated entry point.
        let bounded = GitHub.session(allowedResourceOrigins: [URL(string: "https://api.github.com/user")!])
        let elsewhere = await #expect(throws: OAuthError.self) {
            _ = try await bounded.validAuthorizationHeaders(
                method: "GET", url: URL(string: "https://api.example.com/user")!)
        }
        #expect(elsewhere?.kind == .resourceNotAllowed)
        // The allowed origin passes that check and fails on the next: nobody is signed in.
        let allowed = await #expect(throws: OAuthError.self) {
            _ = try await bounded.validAuthorizationHeaders(
                method: "GET", url: URL(string: "https://api.github.com/emails")!)
        }
        #expect(allowed?.kind == .notSignedIn)
    }

    @Test func theDeviceGrantExistsWhereThePinnedMetadataHasItsEndpoint() {
        // Google's discovery document names one (RFC 8628 §4); the member is there to call.
        #expect(
            Google.configuration.endpoints.deviceAuthorization?.absoluteString
                == "https://oauth2.googleapis.com/device/code")
        let start: @Sendable (OAuthClient<Google>) async throws -> DeviceAuthorization<Google> = {
            try await $0.authorizeDevice(scopes: [.email])
        }
        _ = start
        // GitHub's quirk file names none: there the member is unavailable (Examples/CompileFail).
        #expect(GitHub.configuration.endpoints.deviceAuthorization == nil)
    }

    @Test func redirectURIsAreTheRegisteredOnesWithTheirKinds() {
        #expect(Google.RedirectURI.allCases.map(\.registered.url) == Google.configuration.client.redirectURIs)
        #expect(Google.RedirectURI.reversedClientID.registered.kind == .privateUseScheme)
        #expect(Google.RedirectURI.loopback.registered.kind == .loopback)
        #expect(GitHub.RedirectURI.allCases == [.loopback])
        for provider in [
            Okta.RedirectURI.allCases.map(\.registered), DuendeDemo.RedirectURI.allCases.map(\.registered),
            Docker.RedirectURI.allCases.map(\.registered), SignInWithApple.RedirectURI.allCases.map(\.registered),
        ] {
            for registered in provider {
                // The runtime classifies each URI as the generator did.
                #expect((try? RegisteredRedirectURI(registered.url))?.kind == registered.kind, "\(registered)")
            }
        }
    }

    @Test func capabilitiesFollowTheEndpoints() {
        // Through `Any.Type`, as the compiler would otherwise answer the question itself.
        func kinds(_ type: Any.Type) -> Set<String> {
            var result: Set<String> = []
            if type is any OpenIDProvider.Type { result.insert("openid") }
            if type is any SupportsRevocation.Type { result.insert("revocation") }
            if type is any SupportsUserInfo.Type { result.insert("userinfo") }
            if type is any SupportsEndSession.Type { result.insert("end-session") }
            return result
        }
        #expect(kinds(Google.self) == ["openid", "revocation", "userinfo"])
        #expect(kinds(MicrosoftEntra.self) == ["openid", "userinfo", "end-session"])
        #expect(kinds(GitHub.self) == ["userinfo"])
        #expect(kinds(SignInWithApple.self) == ["openid", "revocation"])
        #expect(kinds(Okta.self) == ["openid", "revocation", "userinfo", "end-session"])
    }

    @Test func generatedValuesHaveMemberwiseInitializers() {
        let claims = Google.Claims(sub: "110169484474386276334", email: "ada@example.com", emailVerified: true)
        #expect(claims.sub == "110169484474386276334")
        #expect(claims.email == "ada@example.com")
        #expect(claims.name == nil)
        let user = GitHub.UserInfo(id: 583231, login: "octocat")
        #expect(user.login == "octocat")
    }

    @Test func gitHubUserInfoNeedsNoSubject() throws {
        // The shape of GitHub's GET /user: an integer id, no sub.
        let body =
            #"{"login": "octocat", "id": 583231, "avatar_url": "https://github.com/images/error/octocat_happy.gif", "name": "monalisa octocat", "email": null, "site_admin": false}"#
        let user = try JSONDecoder().decode(GitHub.UserInfo.self, from: Data(body.utf8))
        #expect(user.id == 583231)
        #expect(user.login == "octocat")
        #expect(user.avatarUrl == "https://github.com/images/error/octocat_happy.gif")
        #expect(user.email == nil)
    }
}

/// The client `oauthgen init --resource` pinned from `protected_api.py` (ports made fixed):
/// it knows its resource and its registration endpoint, and binds every token to the resource.
@Suite struct ProtectedResourceClientTests {
    @Test func theResourceIsKnownAndSent() async throws {
        #expect(Api.Resource.identifier.absoluteString == "http://127.0.0.1:8011/api")
        #expect(Api.configuration.resource == Api.Resource.identifier)
        #expect(Api.configuration.endpoints.registration?.absoluteString == "http://127.0.0.1:8010/o/register/")
        #expect(Api.configuration.client.defaultScopes == ["read"])
        // No client ID in the quirk file: the app registers at run time.
        #expect(Api.configuration.client.clientID == nil)
        let registration = ClientRegistrationRecord(
            issuer: "http://127.0.0.1:8010/o", clientID: "dyn-1", method: .dynamic,
            redirectURIs: [URL(string: "http://127.0.0.1/api-callback")!])
        let client = try Api.client(options: ClientOptions(registration: registration))
        #expect(client.clientID == "dyn-1")
        let request = try await client.authorizationRequest(
            redirectURI: URL(string: "http://127.0.0.1:49152/api-callback")!, scopes: [.read])
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.filter { $0.name == "resource" }.map { $0.value } == ["http://127.0.0.1:8011/api"])
    }
}
