import Foundation
import TestSupport
import Testing

/// `oauthgen-login` against a real OpenID provider, through a headless browser.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct OAuthGenLoginTests {
    func login(_ extra: [String], clientID: String? = nil, username: String = "erin") async throws -> ProcessRunner.Run
    {
        let provider = try DjangoProvider.instance()
        return try await Binaries.run(
            "oauthgen-login",
            [
                "--issuer", provider.issuer, "--allow-insecure-loopback", "--client-id", clientID ?? provider.clientID,
                // Its own user: the --refresh check must not see another test's login (see provider.py).
                "--browser-command", provider.browserCommand + " --username \(username)", "--timeout", "30",
            ] + extra)
    }

    @Test func fullLoopbackSignInWithUserinfoRefreshAndRevocation() async throws {
        let run = try await login(["--scope", "openid profile email", "--userinfo", "--refresh", "--revoke", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let provider = try DjangoProvider.instance()
        #expect(report["issuer"] as? String == provider.issuer)
        #expect(Set(report.keys) == CommandLineDocument.jsonFields(.signIn))
        #expect(report["subject"] as? String == "5")
        #expect(report["refreshed"] as? Bool == true)
        #expect(report["revoked"] as? Bool == true)
        #expect((report["expires_in"] as? Int).map { $0 > 3500 } == true)
        let claims = try #require(report["id_token_claims"] as? [String: Any])
        #expect(claims["iss"] as? String == provider.issuer)
        #expect(claims["aud"] as? String == provider.clientID)
        #expect(claims["email"] as? String == "erin@example.com")
        #expect((report["userinfo"] as? [String: Any])?["sub"] as? String == "5")
        // No raw token without --show-tokens.
        #expect(report["access_token"] == nil && report["refresh_token"] == nil && report["id_token"] == nil)
        // No JWT either (header and payload, both JSON objects in base64url): a bare "eyJ" also
        // turns up by chance inside a hash such as at_hash, so the test looks for the whole shape.
        #expect(run.stdout.firstMatch(of: /eyJ[A-Za-z0-9_-]*\.eyJ/) == nil)
    }

    /// Hardening 3, item 10: a distributed claim's source (OIDC Core §5.6.2) carries an access
    /// token, which `--json` printed as userinfo came, `--show-tokens` or not.
    @Test(arguments: [false, true])
    func aDistributedClaimsAccessTokenIsNeverPrinted(showTokens: Bool) async throws {
        let run = try await login(
            ["--scope", "openid profile", "--userinfo", "--json"] + (showTokens ? ["--show-tokens"] : []),
            username: "trent")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("distributed-claims-secret") && !run.stderr.contains("distributed-claims-secret"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let source =
            ((report["userinfo"] as? [String: Any])?["_claim_sources"] as? [String: Any])?["src1"] as? [String: Any]
        #expect(source?["endpoint"] as? String == "https://claims.example.com/score")
        #expect(source?["access_token"] as? String == "<redacted>")
    }

    /// `--acr-values` asks for a class; the provider gives `mfa` to users with a second factor,
    /// and the report's ID token claims say which it asserted. `--max-age` is held to the ID
    /// token's auth_time.
    @Test func asksForAnAuthenticationContextClassAndAMaxAge() async throws {
        let run = try await login(["--acr-values", "mfa", "--max-age", "600", "--json"], username: "olivia")
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let claims = try #require(report["id_token_claims"] as? [String: Any])
        #expect(claims["acr"] as? String == "mfa")
        #expect((claims["auth_time"] as? Int).map { Double($0) > Date().timeIntervalSince1970 - 600 } == true)

        let split = try await login(["--acr-values", "mfa\tpwd", "--json"], username: "olivia")
        #expect(split.status == 1)
        #expect(
            split.stderr
                == "error: expected each acr_values value to be a value without spaces or invisible characters (the parameter is a space-separated list, OIDC Core §3.1.2.1), found \\u{9} at character 4\n"
        )
    }

    @Test func ipv6LoopbackRedirect() async throws {
        let run = try await login(
            ["--redirect-uri", "http://[::1]/callback", "--json"], clientID: DjangoProvider.instance().noConsentClientID
        )
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func showTokensPrintsThem() async throws {
        let run = try await login(["--show-tokens"], clientID: DjangoProvider.instance().noConsentClientID)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("access_token: "))
        #expect(run.stdout.contains("id_token: eyJ"))
    }

    @Test func cancellingConsentIsATypedAccessDenied() async throws {
        let provider = try DjangoProvider.instance()
        let run = try await Binaries.run(
            "oauthgen-login",
            [
                "--issuer", provider.issuer, "--allow-insecure-loopback", "--client-id", provider.clientID,
                "--browser-command", provider.browserCommand + " --deny", "--timeout", "30",
            ])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: authorization failed: access_denied"), "\(run.stderr)")
    }

    @Test func anHTTPIssuerNeedsTheLoopbackFlag() async throws {
        let provider = try DjangoProvider.instance()
        let run = try await Binaries.run(
            "oauthgen-login", ["--issuer", provider.issuer, "--client-id", provider.clientID])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: expected the issuer to use https (http only on a loopback host when allowed), found \(provider.issuer); http is taken only on a loopback host (127.0.0.1, [::1]) when allowed: ClientOptions(allowInsecureLoopback: true), or --allow-insecure-loopback on the command line\n"
        )
    }

    /// A machine without a browser (a server, a container): the error says the program is missing
    /// and what to pass instead (issue 45: a newcomer found no hint).
    @Test func aMissingBrowserSuggestsBrowserCommand() async throws {
        let provider = try DjangoProvider.instance()
        let run = try await Binaries.run(
            "oauthgen-login",
            [
                "--issuer", provider.issuer, "--allow-insecure-loopback", "--client-id", provider.clientID,
                "--browser-command", "oauthgen-no-such-browser", "--timeout", "30",
            ])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: the browser command oauthgen-no-such-browser exited with status 127 (no such program here) before the sign-in completed; "
                + "pass --browser-command CMD to open the sign-in URL another way\n", "\(run.stderr)")
    }

    @Test func theIssuerMustMatchExactly() async throws {
        let provider = try DjangoProvider.instance()
        let run = try await Binaries.run(
            "oauthgen-login",
            ["--issuer", provider.issuer + "/", "--allow-insecure-loopback", "--client-id", provider.clientID])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("expected the discovery document's issuer to be \"\(provider.issuer)/\" exactly"),
            "\(run.stderr)")
    }

    @Test func anUnknownClientFailsWithTheProvidersError() async throws {
        // The provider shows an error page and never redirects; the login ends when the browser does.
        let started = Date()
        let run = try await login(["--json"], clientID: "no-such-client")
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: the browser command"), "\(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func theDeviceGrantPrintsTheCodeOnStandardErrorAndReportsTheGrant() async throws {
        let provider = try DjangoProvider.instance()
        let run = try await Binaries.run(
            "oauthgen-login",
            [
                "--issuer", provider.issuer, "--allow-insecure-loopback", "--client-id", provider.deviceClientID,
                "--device",
                "--scope", "openid profile", "--browser-command", provider.browserCommand + " --username niaj",
                "--timeout", "60", "--json",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains("To sign in, open http://127.0.0.1:\(provider.port)/o/device/ and enter the code \""))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["grant"] as? String == "device_code")
        #expect(report["pushed"] as? Bool == false)
        #expect(report["token_type"] as? String == "Bearer")
        #expect(report["scope"] as? String == "openid profile")
    }

    @Test func parNeedsAProviderWithTheEndpoint() async throws {
        let run = try await login(["--par"])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: expected a pushed authorization request endpoint for a provider whose requests must be pushed, found none\n"
        )
        let both = try await login(["--par", "--device"])
        #expect(both.status == 1)
        #expect(both.stderr.contains("expected --par or --device, found both"))
    }
}
