import Foundation
import TestSupport
@testable import OAuthRuntime
import Testing

/// The runtime against Glewlwyd 2.7.5 on 127.0.0.1: pushed authorization requests on the issuer
/// that requires them, and the device grant.
@Suite(.enabled(if: GlewlwydProvider.isAvailable, "needs Debian's glewlwyd"))
struct RuntimeAgainstGlewlwydTests {
    static func client(issuer: String, clientID: String = "swift-native") async throws -> OAuthClient<DiscoveredProvider> {
        let transport = URLSessionTransport()
        let discovery = try await transport.send(HTTPRequest(method: "GET", url: ProviderConfiguration.openIDConfigurationURL(forIssuer: URL(string: issuer)!)))
        let configuration = try ProviderConfiguration(discoveryDocument: discovery.body, expectedIssuer: issuer)
        return try OAuthClient<DiscoveredProvider>(configuration: configuration, clientID: clientID, allowInsecureLoopback: true)
    }

    /// The headless browser on an authorization URL; the private-use redirect it would hand the app.
    static func browse(_ url: URL) throws -> URL {
        let provider = try GlewlwydProvider.instance()
        let run = try ProcessRunner.run(URL(fileURLWithPath: provider.python), [provider.browser, url.absoluteString])
        let marker = "final redirect (private-use scheme, not contacted): "
        guard run.status == 0, let line = run.stderr.split(separator: "\n").first(where: { $0.contains(marker) }),
              let callback = URL(string: String(line[line.range(of: marker)!.upperBound...]))
        else { throw DjangoProvider.Unavailable(description: "browser.py: exit \(run.status): \(run.stderr)") }
        return callback
    }

    @Test func aProviderThatRequiresPARGetsEveryRequestPushedWithoutTheAppAsking() async throws {
        let provider = try GlewlwydProvider.instance()
        let client = try await Self.client(issuer: provider.parRequiredIssuer)
        #expect(client.configuration.metadata.requirePushedAuthorizationRequests)
        #expect(client.pushesAuthorizationRequests)
        let request = try await client.authorizationRequest(redirectURI: URL(string: provider.privateUseRedirect)!, scopes: ["openid", "profile"])
        // Only client_id and request_uri reach the browser (RFC 9126 §4): no state, PKCE or scope.
        let query = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(query.map(\.name) == ["client_id", "request_uri"])
        #expect(query.last?.value?.hasPrefix("urn:ietf:params:oauth:request_uri:") == true)
        // Glewlwyd's request_uri lives 90 s.
        #expect(request.expiresAt.map { abs($0.timeIntervalSinceNow - 90) < 30 } == true)

        let callback = try Self.browse(request.url)
        let signIn = try await client.finishAuthorization(callback: callback, pending: request.pending)
        #expect(signIn.idToken?.issuer == provider.parRequiredIssuer)
        #expect(signIn.idToken?.allClaims["name"] == .string("Alice Example"))
        #expect(signIn.tokens.refreshToken != nil)
    }

    @Test func anUnpushedRequestIsWhatTheProviderRefuses() async throws {
        // The control: the same request in the URL gets Glewlwyd's bare 403 (its quirk 14).
        let provider = try GlewlwydProvider.instance()
        let client = try await Self.client(issuer: provider.parRequiredIssuer)
        let request = try AuthorizationRequest<DiscoveredProvider>(configuration: client.configuration, clientID: client.clientID,
                                                                   redirectURI: URL(string: provider.privateUseRedirect)!, scopes: ["openid"])
        #expect(throws: DjangoProvider.Unavailable.self) { try Self.browse(request.url) }
    }

    @Test func aPARErrorIsTyped() async throws {
        let provider = try GlewlwydProvider.instance()
        let client = try await Self.client(issuer: provider.parRequiredIssuer)
        // A redirect URI that is not registered: Glewlwyd answers PAR with a bare 403 (quirk 14).
        let error = await #expect(throws: OAuthError.self) {
            try await client.authorizationRequest(redirectURI: URL(string: "com.example.other:/cb")!, scopes: ["openid"])
        }
        #expect(error?.kind == .unexpectedResponse)
        #expect(error?.httpStatus == 403)
        #expect(error?.message.contains("pushed authorization request endpoint") == true)
    }

    @Test func theDeviceGrantSignsInWithAVerifiedIDToken() async throws {
        let provider = try GlewlwydProvider.instance()
        let client = try await Self.client(issuer: provider.issuer)
        let authorization = try await client.authorizeDevice(scopes: ["openid", "profile"])
        #expect(authorization.verificationURI.absoluteString.hasPrefix(provider.issuer))
        let page = try #require(authorization.verificationURIComplete)
        let run = try ProcessRunner.run(URL(fileURLWithPath: provider.python), [provider.browser, page.absoluteString])
        #expect(run.status == 0, "\(run.stderr)")
        let signIn = try await client.signIn(with: authorization)
        #expect(!signIn.tokens.accessToken.isEmpty)
        #expect(signIn.idToken?.issuer == provider.issuer)
        #expect(signIn.idToken?.allClaims["name"] == .string("Alice Example"))
    }
}

/// `oauthgen-login` against Glewlwyd.
@Suite(.enabled(if: GlewlwydProvider.isAvailable, "needs Debian's glewlwyd"))
struct OAuthGenLoginAgainstGlewlwydTests {
    @Test(arguments: [\GlewlwydProvider.Instance.nonceIssuer, \.parRequiredIssuer])
    func theDeviceGrantSignsIn(issuer: KeyPath<GlewlwydProvider.Instance, String> & Sendable) throws {
        let provider = try GlewlwydProvider.instance()
        let run = try Binaries.run("oauthgen-login", [
            "--issuer", provider[keyPath: issuer], "--allow-insecure-loopback", "--client-id", provider.publicClientID, "--device",
            "--scope", "openid profile", "--browser-command", provider.browserCommand.joined(separator: " "), "--timeout", "60", "--json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["issuer"] as? String == provider[keyPath: issuer])
        #expect(report["grant"] as? String == "device_code")
        #expect((report["id_token_claims"] as? [String: Any])?["name"] as? String == "Alice Example")
    }
}
