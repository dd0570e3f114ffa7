import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import TestSupport
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// Every test against Glewlwyd, one at a time: with SQLite it fails concurrent writes
/// ("Error executing sql query" while making a code, answered as server_error).
@Suite(.serialized, .enabled("needs Debian's glewlwyd") { await GlewlwydProvider.isAvailableOffPool() })
enum AgainstGlewlwyd {}

extension AgainstGlewlwyd {
    /// The runtime against Glewlwyd 2.7.5 on 127.0.0.1: pushed authorization requests on the issuer
    /// that requires them, and the device grant.
    @Suite
    struct RuntimeAgainstGlewlwydTests {
        static func client(
            issuer: String, clientID: String = "swift-native", clientSecret: String? = nil
        ) async throws -> OAuthClient<DiscoveredProvider> {
            let transport = URLSessionTransport()
            let discovery = try await transport.send(
                HTTPRequest(
                    method: "GET", url: ProviderConfiguration.openIDConfigurationURL(forIssuer: URL(string: issuer)!)))
            var configuration = try ProviderConfiguration(discoveryDocument: discovery.body, expectedIssuer: issuer)
            if clientSecret != nil { configuration.quirks.tokenEndpointAuthMethod = .clientSecretBasic }
            return try OAuthClient<DiscoveredProvider>(
                configuration: configuration,
                options: ClientOptions(clientID: clientID, clientSecret: clientSecret, allowInsecureLoopback: true))
        }

        static func browse(_ url: URL) async throws -> URL { try await GlewlwydProvider.browse(url) }

        @Test func aProviderThatRequiresPARGetsEveryRequestPushedWithoutTheAppAsking() async throws {
            let provider = try GlewlwydProvider.instance()
            let client = try await Self.client(issuer: provider.parRequiredIssuer)
            #expect(client.configuration.metadata.requirePushedAuthorizationRequests)
            #expect(client.pushesAuthorizationRequests)
            let request = try await client.authorizationRequest(
                redirectURI: URL(string: provider.privateUseRedirect)!, scopes: ["openid", "profile"])
            // Only client_id and request_uri reach the browser (RFC 9126 §4): no state, PKCE or scope.
            let query = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems)
            #expect(query.map(\.name) == ["client_id", "request_uri"])
            #expect(query.last?.value?.hasPrefix("urn:ietf:params:oauth:request_uri:") == true)
            // The test Glewlwyd's request_uri lives 600 s (Tests/Support/glewlwyd/seed.py); the
            // margin is for a loaded machine, far from any other reading of `expires_in`.
            #expect(request.expiresAt.map { abs($0.timeIntervalSinceNow - 600) < 120 } == true)

            let callback = try await Self.browse(request.url)
            let signIn = try await client.finishAuthorization(callback: callback, pending: request.pending)
            #expect(signIn.idToken?.issuer == provider.parRequiredIssuer)
            #expect(signIn.idToken?.allClaims["name"] == .string("Alice Example"))
            #expect(signIn.tokens.refreshToken != nil)
        }

        @Test func anUnpushedRequestIsWhatTheProviderRefuses() async throws {
            // The control: the same request in the URL gets Glewlwyd's bare 403 (its quirk 14).
            let provider = try GlewlwydProvider.instance()
            let client = try await Self.client(issuer: provider.parRequiredIssuer)
            let request = try AuthorizationRequest<DiscoveredProvider>(
                configuration: client.configuration, clientID: client.clientID,
                redirectURI: URL(string: provider.privateUseRedirect)!, scopes: ["openid"])
            await #expect(throws: DjangoProvider.Unavailable.self) { try await Self.browse(request.url) }
        }

        @Test func aPARErrorIsTyped() async throws {
            let provider = try GlewlwydProvider.instance()
            let client = try await Self.client(issuer: provider.parRequiredIssuer)
            // A redirect URI that is not registered: Glewlwyd answers PAR with a bare 403 (quirk 14).
            let error = await #expect(throws: OAuthError.self) {
                try await client.authorizationRequest(
                    redirectURI: URL(string: "com.example.other:/cb")!, scopes: ["openid"])
            }
            #expect(error?.kind == .unexpectedResponse)
            #expect(error?.httpStatus == 403)
            #expect(error?.message.contains("pushed authorization request endpoint") == true)
        }

        /// Real waits, recorded: the loop going round again is what proves a poll was answered
        /// `authorization_pending` (any other answer ends the sign-in or adds 5 s to the wait).
        ///
        /// Each wait is recorded from the reading of `now` its deadline was made from, not from
        /// when the sleep began: a loaded machine can pause the client between the two, and a
        /// wait measured from the later moment read as shorter than asked (issue 44).
        final class RecordingContinuousClock: Clock, Sendable {
            private let clock = ContinuousClock()
            private let recorded = Mutex<[Duration]>([])
            private let lastReading = Mutex<ContinuousClock.Instant?>(nil)
            var now: ContinuousClock.Instant {
                let now = clock.now
                lastReading.withLock { $0 = now }
                return now
            }
            var minimumResolution: Duration { clock.minimumResolution }
            var sleeps: [Duration] { recorded.withLock { $0 } }

            func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
                let from = lastReading.withLock { $0 } ?? clock.now
                recorded.withLock { $0.append(from.duration(to: deadline)) }
                try await clock.sleep(until: deadline, tolerance: tolerance)
            }
        }

        @Test func pollingBeforeTheUserApprovesIsAnsweredPendingUntilTheyDo() async throws {
            let provider = try GlewlwydProvider.instance()
            let client = try await Self.client(issuer: provider.issuer)
            let authorization = try await client.authorizeDevice(scopes: ["openid"])
            let clock = RecordingContinuousClock()
            let polling = Task { try await client.signIn(with: authorization, clock: clock) }
            // A second wait starts only after the first poll came back pending.
            while clock.sleeps.count < 2 { try await Task.sleep(for: .milliseconds(100)) }
            let page = try #require(authorization.verificationURIComplete)
            let run = try await ProcessRunner.runDetached(
                URL(fileURLWithPath: provider.python), [provider.browser, page.absoluteString])
            #expect(run.status == 0, "\(run.stderr)")
            let signIn = try await polling.value
            #expect(signIn.idToken?.issuer == provider.issuer)
            // Glewlwyd's 5 s interval throughout: never polled too soon, so never told to slow down.
            #expect(clock.sleeps.count >= 2)
            #expect(clock.sleeps.allSatisfy { $0 == .seconds(5) }, "\(clock.sleeps)")
        }

        @Test func pollsSoonerThanTheIntervalGetSlowDownAndTheClientAddsFiveSecondsEachTime() async throws {
            // A clock that never waits makes the client poll back to back, which Glewlwyd answers
            // with slow_down; each one must add 5 s to every later wait (RFC 8628 §3.5).
            let provider = try GlewlwydProvider.instance()
            let client = try await Self.client(issuer: provider.issuer)
            let authorization = try await client.authorizeDevice(scopes: ["openid"])
            let clock = DevicePollingTests.RecordingClock()
            let error = await #expect(throws: OAuthError.self) {
                try await client.signIn(with: authorization, clock: clock)
            }
            // Polled until the code expired on the test's clock (600 s), never sooner than asked.
            #expect(error?.kind == .pendingAuthorizationExpired)
            let waits = clock.sleeps
            #expect(waits.first == .seconds(5))
            #expect(waits.count > 2)
            #expect(zip(waits, waits.dropFirst()).allSatisfy { $1 == $0 || $1 == $0 + .seconds(5) })
            #expect(waits.last.map { $0 > .seconds(5) } == true)
        }

        @Test func theDeviceGrantSignsInWithAVerifiedIDToken() async throws {
            let provider = try GlewlwydProvider.instance()
            let client = try await Self.client(issuer: provider.issuer)
            let authorization = try await client.authorizeDevice(scopes: ["openid", "profile"])
            #expect(authorization.verificationURI.absoluteString.hasPrefix(provider.issuer))
            let page = try #require(authorization.verificationURIComplete)
            let run = try await ProcessRunner.runDetached(
                URL(fileURLWithPath: provider.python), [provider.browser, page.absoluteString])
            #expect(run.status == 0, "\(run.stderr)")
            let signIn = try await client.signIn(with: authorization)
            #expect(!signIn.tokens.accessToken.isEmpty)
            #expect(signIn.idToken?.issuer == provider.issuer)
            #expect(signIn.idToken?.allClaims["name"] == .string("Alice Example"))
        }
    }

    /// `oauthgen-login` against Glewlwyd.
    @Suite
    struct OAuthGenLoginAgainstGlewlwydTests {
        @Test(arguments: [\GlewlwydProvider.Instance.nonceIssuer, \.parRequiredIssuer])
        func theDeviceGrantSignsIn(issuer: KeyPath<GlewlwydProvider.Instance, String> & Sendable) async throws {
            let provider = try GlewlwydProvider.instance()
            let run = try await ProcessRunner.runDetached(
                ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
                [
                    "--issuer", provider[keyPath: issuer], "--allow-insecure-loopback", "--client-id",
                    provider.publicClientID, "--device",
                    "--scope", "openid profile", "--browser-command", provider.browserCommand.joined(separator: " "),
                    "--timeout", "60", "--json",
                ])
            #expect(run.status == 0, "\(run.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(report["issuer"] as? String == provider[keyPath: issuer])
            #expect(report["grant"] as? String == "device_code")
            #expect((report["id_token_claims"] as? [String: Any])?["name"] as? String == "Alice Example")
        }
    }

    /// The headless browser as the app's user agent for private-use redirects: it shows the URL and
    /// hands back the redirect the OS would deliver to the app.
    struct BrowserScriptAgent: ExternalUserAgent {
        var cookieJar: String

        func accepts(_ kind: RedirectURIKind) -> Bool { kind == .privateUseScheme }

        func authorize(
            on redirectURI: RegisteredRedirectURI,
            request makeRequest: (URL) async throws(OAuthError) -> (url: URL, state: String)
        ) async throws(OAuthError) -> URL {
            let (url, _) = try await makeRequest(redirectURI.url)
            do {
                return try await GlewlwydProvider.browse(url, cookieJar: cookieJar)
            } catch {
                throw OAuthError(.browserFailed, "\(error)")
            }
        }
    }
}
