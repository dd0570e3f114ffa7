import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

@Suite struct AuthorizationCallbackTests {
    func pending(
        _ redirect: String, issuer: String? = "https://id.example.com"
    ) -> PendingAuthorization<DiscoveredProvider> {
        PendingAuthorization<DiscoveredProvider>(
            state: "s-123", nonce: "n", pkce: PKCE(), redirectURI: URL(string: redirect)!, issuer: issuer,
            clientID: "c", scopes: ["openid"], createdAt: Date())
    }

    func validate(
        _ callback: String, redirect: String = "com.example.app:/cb", issParameter: Bool = false,
        issuer: String? = "https://id.example.com"
    ) -> Result<String, OAuthError> {
        Result { () throws(OAuthError) -> String in
            try AuthorizationCallback.validate(
                URL(string: callback)!, pending: pending(redirect, issuer: issuer),
                metadata: ProviderMetadata(
                    kind: .openIDConnect, authorizationResponseIssParameterSupported: issParameter)
            ).code
        }
    }

    @Test func acceptsTheExactRedirectWithItsState() {
        #expect(validate("com.example.app:/cb?code=abc&state=s-123") == .success("abc"))
        #expect(
            validate("https://app.example.com/cb?code=abc&state=s-123", redirect: "https://app.example.com/cb")
                == .success("abc"))
    }

    @Test(arguments: [
        "com.example.app:/cb2?code=abc&state=s-123",
        "com.example.evil:/cb?code=abc&state=s-123",
        "com.example.app:/CB?code=abc&state=s-123",
        "https://app.example.com/cb?code=abc&state=s-123",
    ])
    func refusesAnyOtherRedirect(callback: String) {
        guard case .failure(let error) = validate(callback), error.kind == .redirectMismatch else {
            Issue.record("expected a redirect mismatch for \(callback)")
            return
        }
        #expect(
            error.description.contains(
                "expected the callback on the request's redirect URI com.example.app:/cb, found it on "))
        #expect(!error.description.contains("code=abc"))
    }

    @Test func httpsRedirectsMatchHostPortAndPathExactly() {
        let redirect = "https://app.example.com/cb"
        #expect(
            validate("https://app.example.com:8443/cb?code=a&state=s-123", redirect: redirect)
                == .failure(.redirectMismatch(expected: redirect, found: "https://app.example.com:8443/cb")))
        #expect(validate("https://app.example.com.evil.test/cb?code=a&state=s-123", redirect: redirect).isFailure)
        #expect(validate("https://app.example.com/cb/extra?code=a&state=s-123", redirect: redirect).isFailure)
    }

    @Test func loopbackRedirectsMatchAtAnyPortButNothingElse() {
        let redirect = "http://127.0.0.1:51000/callback"
        #expect(validate("http://127.0.0.1:62000/callback?code=a&state=s-123", redirect: redirect) == .success("a"))
        #expect(validate("http://127.0.0.1:62000/other?code=a&state=s-123", redirect: redirect).isFailure)
        #expect(validate("http://[::1]:51000/callback?code=a&state=s-123", redirect: redirect).isFailure)
    }

    @Test func theRedirectsOwnQueryMustSurvive() {
        let redirect = "https://app.example.com/cb?app=1"
        #expect(validate("https://app.example.com/cb?app=1&code=a&state=s-123", redirect: redirect) == .success("a"))
        #expect(validate("https://app.example.com/cb?code=a&state=s-123", redirect: redirect).isFailure)
    }

    @Test(arguments: [
        "com.example.app:/cb?code=abc", "com.example.app:/cb?code=abc&state=s-12",
        "com.example.app:/cb?code=abc&state=s-1234", "com.example.app:/cb?code=abc&state=",
    ])
    func refusesAMissingOrDifferentState(callback: String) {
        #expect(validate(callback) == .failure(.stateMismatch))
    }

    @Test func errorsAreTypedButOnlyAfterTheStateMatches() {
        #expect(
            validate("com.example.app:/cb?error=access_denied&error_description=The+user+said+no&state=s-123")
                == .failure(.authorizationFailed(.init(code: "access_denied", errorDescription: "The user said no"))))
        #expect(validate("com.example.app:/cb?error=access_denied&state=forged") == .failure(.stateMismatch))
    }

    @Test func rfc9207RequiresTheIssuerWhenAdvertised() {
        #expect(
            validate("com.example.app:/cb?code=a&state=s-123&iss=https%3A%2F%2Fid.example.com", issParameter: true)
                == .success("a"))
        #expect(
            validate("com.example.app:/cb?code=a&state=s-123", issParameter: true)
                == .failure(.issuerMismatch(expected: "https://id.example.com", found: nil)))
        #expect(
            validate("com.example.app:/cb?code=a&state=s-123&iss=https%3A%2F%2Fevil.example.com", issParameter: true)
                == .failure(.issuerMismatch(expected: "https://id.example.com", found: "https://evil.example.com")))
        // A wrong iss is refused even when the server does not advertise the parameter.
        #expect(validate("com.example.app:/cb?code=a&state=s-123&iss=https%3A%2F%2Fevil.example.com").isFailure)
        // Error responses without iss are still reported as what they are (django-oauth-toolkit omits it there).
        #expect(
            validate("com.example.app:/cb?error=access_denied&state=s-123", issParameter: true)
                == .failure(.authorizationFailed(.init(code: "access_denied"))))
    }

    @Test func templatedIssuersCheckTheShape() {
        let issuer = "https://login.example.com/{tenantid}/v2.0"
        #expect(
            validate(
                "com.example.app:/cb?code=a&state=s-123&iss=https%3A%2F%2Flogin.example.com%2Ft1%2Fv2.0",
                issParameter: true, issuer: issuer) == .success("a"))
        #expect(
            validate(
                "com.example.app:/cb?code=a&state=s-123&iss=https%3A%2F%2Fevil.example.com%2Ft1%2Fv2.0",
                issParameter: true, issuer: issuer
            ).isFailure)
    }

    /// Hardening 3, item 10: the shape was a prefix and a suffix, so a placeholder stood for any
    /// text, separators included; now for one value, as the ID token's issuer check allows.
    @Test(arguments: [
        "https://login.example.com/a/b/../c?x#/v2.0", "https://login.example.com/a/b/v2.0",
        "https://login.example.com//v2.0",
        "https://login.example.com/t@evil.example/v2.0", "https://login.example.com/t1/v2.0/extra",
        "https://login.example.com/t1/v2.0?x=/v2.0",
    ])
    func aTemplatedIssuerStandsForOneValue(iss: String) {
        let issuer = "https://login.example.com/{tenantid}/v2.0"
        let encoded = iss.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(
            validate("com.example.app:/cb?code=a&state=s-123&iss=\(encoded)", issParameter: true, issuer: issuer)
                == .failure(.issuerMismatch(expected: issuer, found: iss)))
    }

    @Test func aTemplateMatchesHostLabelsAndSeveralPlaceholders() {
        #expect(
            IssuerTemplate.matches(
                "https://contoso.b2clogin.com/tid-1/v2.0/", template: "https://{tenant}.b2clogin.com/{tenantid}/v2.0/"))
        #expect(
            !IssuerTemplate.matches(
                "https://evil.com/x.b2clogin.com/tid-1/v2.0/",
                template: "https://{tenant}.b2clogin.com/{tenantid}/v2.0/"))
        #expect(
            IssuerTemplate.matches("https://login.example.com/t1/v2.0", template: "https://login.example.com/t1/v2.0"))
    }

    @Test func duplicateOrMissingParameters() {
        #expect(validate("com.example.app:/cb?code=a&code=b&state=s-123") == .failure(.duplicateParameter("code")))
        #expect(validate("com.example.app:/cb?state=s-123") == .failure(.missingParameter("code")))
    }

    @Test func errorMessagesNeverCarryTheCode() throws {
        let failure = try #require(validate("com.example.evil:/cb?code=SECRETCODE&state=s-123").failure)
        #expect(!failure.description.contains("SECRETCODE"))
    }
}
