import Foundation
import Testing
import OAuthPolicy

@Suite struct RedirectURICheckerTests {
    /// The rules a URI breaks, with their severities, in order.
    func verdict(_ uri: String) -> (RedirectKind, [String]) {
        let report = RedirectURIChecker.check(uri)
        return (report.kind, report.findings.map { "\($0.severity.rawValue):\($0.rule.rawValue)" })
    }

    @Test(arguments: [
        // §7.1 private-use, reverse domain, single slash
        ("com.example.app:/oauth2redirect", RedirectKind.privateUseScheme),
        ("com.googleusercontent.apps.123-abc:/oauth2redirect", .privateUseScheme),
        ("net.openid.appauthdemo:/oauth2redirect", .privateUseScheme),
        // §7.2 claimed https
        ("https://app.example.com/oauth2redirect", .claimedHTTPS),
        ("https://app.example.com:8443/cb?x=1", .claimedHTTPS),
        // §7.3 loopback literals, no port
        ("http://127.0.0.1/callback", .loopback),
        ("http://[::1]/callback", .loopback),
        ("http://127.0.0.1", .loopback),
    ])
    func acceptsTheThreeKindsCleanly(uri: String, kind: RedirectKind) {
        let (found, findings) = verdict(uri)
        #expect(found == kind)
        #expect(findings.isEmpty, "\(uri): \(findings)")
    }

    @Test(arguments: [
        ("com.example.app:/cb#", RedirectKind.privateUseScheme, ["error:redirect-fragment"]),
        ("https://app.example.com/cb#frag", .claimedHTTPS, ["error:redirect-fragment"]),
        ("https://*.example.com/cb", .claimedHTTPS, ["error:redirect-wildcard"]),
        ("com.example.app:/cb/*", .privateUseScheme, ["error:redirect-wildcard"]),
        ("http://127.0.0.1:0/cb", .invalid, ["error:redirect-port"]),
        ("http://127.0.0.1:65536/cb", .invalid, ["error:redirect-port"]),
        ("http://127.0.0.1:80a/cb", .invalid, ["error:redirect-port"]),
        ("https://user:pw@app.example.com/cb", .claimedHTTPS, ["error:redirect-credentials"]),
        ("/relative/path", .invalid, ["error:redirect-not-absolute"]),
        ("com.myapp//oauth2redirect/reddit", .invalid, ["error:redirect-not-absolute"]),
        ("1com.example:/cb", .invalid, ["error:redirect-syntax"]),
        ("com_example.app:/cb", .invalid, ["error:redirect-syntax"]),
        ("com.example.app:/a b", .invalid, ["error:redirect-syntax"]),
        ("com.example.app:/%zz", .invalid, ["error:redirect-syntax"]),
        ("{appScheme}:/cb", .invalid, ["error:redirect-syntax"]),
        ("", .invalid, ["error:redirect-syntax"]),
        ("https:/no-host", .invalid, ["error:redirect-https-no-host"]),
        ("https:///cb", .invalid, ["error:redirect-https-no-host"]),
        ("https://localhost/cb", .invalid, ["error:redirect-https-not-claimable"]),
        ("https://LOCALHOST:8443/cb", .invalid, ["error:redirect-https-not-claimable"]),
        ("https://app.localhost/cb", .invalid, ["error:redirect-https-not-claimable"]),
        ("https://127.0.0.1/cb", .invalid, ["error:redirect-https-not-claimable"]),
        ("https://192.0.2.10/cb", .invalid, ["error:redirect-https-not-claimable"]),
        ("https://[::1]/cb", .invalid, ["error:redirect-https-not-claimable"]),
        ("https://404.example.com/cb", .claimedHTTPS, []),
        ("http://example.com/cb", .invalid, ["error:redirect-http-not-loopback"]),
        ("http://127.0.0.2/cb", .invalid, ["error:redirect-http-not-loopback"]),
        ("http://localhost.example.com/cb", .invalid, ["error:redirect-http-not-loopback"]),
        ("http://[::ffff:127.0.0.1]/cb", .invalid, ["error:redirect-http-not-loopback"]),
        ("http://0x7f000001/cb", .invalid, ["error:redirect-http-not-loopback"]),
        ("http://[0:0:0:0:0:0:0:1]/cb", .invalid, ["error:redirect-http-not-loopback"]),
        ("http:/cb", .invalid, ["error:redirect-http-not-loopback"]),
        ("http://localhost/cb", .loopback, ["warning:redirect-localhost"]),
        ("http://localhost:3000/cb", .loopback, ["warning:redirect-localhost", "note:redirect-fixed-port"]),
        ("http://127.0.0.1:5000/cb", .loopback, ["note:redirect-fixed-port"]),
        ("http://[::1]:8080/cb", .loopback, ["note:redirect-fixed-port"]),
        ("myapp:/cb", .privateUseScheme, ["error:redirect-scheme-no-period"]),
        ("com..example:/cb", .privateUseScheme, ["error:redirect-scheme-no-period"]),
        ("app.example.com:/cb", .privateUseScheme, ["warning:redirect-scheme-forward-order"]),
        ("com.example.app://cb", .privateUseScheme, ["warning:redirect-scheme-double-slash"]),
        // Hardening 3, item 12: iOS 26 never calls back to a rootless private-use URI.
        ("com.example.app:cb", .privateUseScheme, ["warning:redirect-scheme-rootless"]),
        ("com.example.app:", .privateUseScheme, ["warning:redirect-scheme-rootless"]),
        ("com.example.app:/cb", .privateUseScheme, []),
        ("javascript:alert(1)", .invalid, ["error:redirect-reserved-scheme"]),
        ("file:///etc/passwd", .invalid, ["error:redirect-reserved-scheme"]),
        ("mailto:a@example.com", .invalid, ["error:redirect-reserved-scheme"]),
        ("urn:ietf:wg:oauth:2.0:oob", .invalid, ["error:redirect-reserved-scheme"]),
        ("urn:ietf:wg:oauth:2.0:oob:auto", .invalid, ["error:redirect-reserved-scheme"]),
        ("HTTP://127.0.0.1/cb", .loopback, []),
    ])
    func flagsEachRule(uri: String, kind: RedirectKind, expected: [String]) {
        let (found, findings) = verdict(uri)
        #expect(found == kind, "\(uri)")
        #expect(findings == expected, "\(uri)")
    }

    /// The runtime classifies with this checker too (`RegisteredRedirectURI`), so it refuses
    /// such a URI as the build does.
    @Test func anHTTPSRedirectOnAHostNoAppCanClaimIsLocatedAtTheHost() throws {
        let report = RedirectURIChecker.check("https://127.0.0.1/cb")
        let finding = try #require(report.findings.first)
        #expect(finding.offset == 8)
        #expect(
            finding.message
                == "expected a claimed https redirect to name a domain the app controls, found '127.0.0.1', which no app can claim (associated domains and app links take domain names); a redirect to this device uses http on 127.0.0.1 or [::1]"
        )
    }

    /// Found by FuzzURLCheckers: a ']' in a reg-name host passed, Foundation refuses it, and the
    /// generated `URL(string:)!` would have trapped at launch. Whatever passes must parse.
    @Test(arguments: [
        ("https://id.examp]le.ctorom/ken", 16), ("https://a[b.example.com/cb", 9), ("http://[::g]/cb", 10),
        ("com.example.app:/a[b", 18), ("https://app.example.com/cb?x=]", 29),
    ])
    func bracketsOutsideAnIPLiteralAreSyntaxErrors(uri: String, offset: Int) {
        let report = RedirectURIChecker.check(uri)
        #expect(report.findings.map(\.rule) == [.syntax])
        #expect(report.findings.first?.offset == offset)
    }

    @Test(arguments: ["http://[::1]/cb", "https://app.example.com/o-k_a~y/cb", "com.example.app:/cb?a=1&b=%5B"])
    func whatPassesFoundationParses(uri: String) {
        #expect(!RedirectURIChecker.check(uri).findings.contains { $0.severity == .error })
        #expect(URL(string: uri) != nil)
    }

    @Test func offsetsPointIntoTheURI() {
        #expect(RedirectURIChecker.check("com.example.app:/cb#x").findings.first?.offset == 19)
        #expect(RedirectURIChecker.check("http://localhost:3000/cb").findings.map(\.offset) == [7, 17])
        #expect(RedirectURIChecker.check("com.example.app://msauth/<HASH>/").findings.first?.offset == 25)
        #expect(RedirectURIChecker.check("com.example.app://cb").findings.first?.offset == 16)
    }

    @Test func messagesSayWhatWasExpectedAndFound() throws {
        let placeholder = try #require(
            RedirectURIChecker.check("com.example.app://msauth/<SIGNATURE_HASH>/").findings.first)
        #expect(
            placeholder.message
                == "expected only characters allowed in a URI, found '<'; it looks like an unfilled template placeholder"
        )
        let missingColon = try #require(RedirectURIChecker.check("com.myapp//oauth2redirect/reddit").findings.first)
        #expect(missingColon.message.hasSuffix("is a ':' missing after 'com.myapp'?"))
        let lookalike = try #require(RedirectURIChecker.check("http://127.0.0.1.nip.io/cb").findings.first)
        #expect(lookalike.message.contains("it may look or even be local"))
    }

    @Test func loopbackComparisonDropsOnlyThePort() throws {
        let a = try #require(RedirectURIChecker.check("http://127.0.0.1:5000/cb?x=1").parsed)
        let b = try #require(RedirectURIChecker.check("http://127.0.0.1/cb?x=1").parsed)
        #expect(a.withoutPort == b.withoutPort)
        #expect(a.withoutPort == "http://127.0.0.1/cb?x=1")
    }

    /// Real redirect URIs found in public SDK docs, samples and configs, each with its verdict.
    @Test func realWorldRedirectURIs() throws {
        let expected: [String: (RedirectKind, [String])] = [
            "com.myclientapp://myclient/redirect": (.privateUseScheme, ["warning:redirect-scheme-double-slash"]),
            "com.myapp://oauth/redirect/": (.privateUseScheme, ["warning:redirect-scheme-double-slash"]),
            "myapp://redirect": (
                .privateUseScheme, ["error:redirect-scheme-no-period", "warning:redirect-scheme-double-slash"]
            ),
            "io.identityserver.demo:/oauthredirect": (.privateUseScheme, []),
            "msauth.com.example.app://auth/": (.privateUseScheme, ["warning:redirect-scheme-double-slash"]),
            "com.example.app://msauth/<SIGNATURE_HASH>/": (.invalid, ["error:redirect-syntax"]),
            "com.oktapreview.dev-158606:/callback": (.privateUseScheme, []),
            "com.myapp//oauth2redirect/reddit": (.invalid, ["error:redirect-not-absolute"]),
            "http://localhost": (.loopback, ["warning:redirect-localhost"]),
            "https://apps.example.com/CLIENT-ID/oauth2redirect/default.iam.example.com": (.claimedHTTPS, []),
            "com.example.appauth://cb": (.privateUseScheme, ["warning:redirect-scheme-double-slash"]),
            "net.openid.appauthdemo:/oauth2redirect": (.privateUseScheme, []),
            "com.googleusercontent.apps.PREFIX:/oauth2redirect": (.privateUseScheme, []),
            "https://demo.myauth.com/callback": (.claimedHTTPS, []),
            "https://oauth.pstmn.io/v1/callback": (.claimedHTTPS, []),
            "http://localhost:3000/oauth/callback": (
                .loopback, ["warning:redirect-localhost", "note:redirect-fixed-port"]
            ),
            "com.example:/callback": (.privateUseScheme, []),
            "spotify-ios-quick-start://spotify-login-callback": (
                .privateUseScheme, ["error:redirect-scheme-no-period", "warning:redirect-scheme-double-slash"]
            ),
            "urn:ietf:wg:oauth:2.0:oob": (.invalid, ["error:redirect-reserved-scheme"]),
            "http://127.0.0.1:5000/google-callback": (.loopback, ["note:redirect-fixed-port"]),
        ]
        let table = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/redirect-uris.tsv"), encoding: .utf8)
        let uris = table.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) }
        #expect(uris.count == expected.count)
        for uri in uris {
            let want = try #require(expected[uri], "no verdict written for \(uri)")
            let (kind, findings) = verdict(uri)
            #expect(kind == want.0, "\(uri)")
            #expect(findings == want.1, "\(uri)")
        }
    }

    @Test func neverCrashesOnArbitraryBytes() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab:/.?#[]@%*-_~!$&'()+,;=0123456789 {}<>\\\"é\u{0}")
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let uri = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let report = RedirectURIChecker.check(uri)
            // Every verdict is explained: nothing invalid without an error.
            if report.kind == .invalid {
                #expect(report.findings.contains { $0.severity == .error }, "\(uri)")
            }
            #expect(report.findings.allSatisfy { $0.offset >= 0 && $0.offset <= uri.utf8.count })
        }
    }
}
