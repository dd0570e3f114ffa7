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
            // Glewlwyd's request_uri lives 90 s.
            #expect(request.expiresAt.map { abs($0.timeIntervalSinceNow - 90) < 30 } == true)

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

    /// Sign-out through the user agent (RP-Initiated Logout 1.0) against Glewlwyd.
    @Suite
    struct SignOutAgainstGlewlwydTests {
        /// A session signed in through the headless browser, and that browser, which keeps its
        /// login session for the logout page (as a real browser would).
        static func signedIn(
            _ client: OAuthClient<DiscoveredProvider>, provider: GlewlwydProvider.Instance
        ) async throws
            -> (OAuthSession<DiscoveredProvider>, BrowserScriptAgent)
        {
            let agent = BrowserScriptAgent(
                cookieJar: FileManager.default.temporaryDirectory.appendingPathComponent(
                    "oauthgen-jar-\(UUID().uuidString)"
                ).path)
            let session = OAuthSession(client: client, store: MemoryTokenStore())
            try await session.signIn(
                with: agent, redirectURI: try RegisteredRedirectURI(URL(string: provider.privateUseRedirect)!),
                scopes: ["openid", "profile", "offline_access"])
            return (session, agent)
        }

        /// Glewlwyd revokes only for a client that authenticates (a public client gets 401), so this
        /// is its confidential client; the public client's case is the next test.
        @Test func signingOutAtTheProviderChecksStateAndRevokesEvenARotatedRefreshToken() async throws {
            let provider = try GlewlwydProvider.instance()
            let client = try await AgainstGlewlwyd.RuntimeAgainstGlewlwydTests.client(
                issuer: provider.issuer, clientID: "swift-confidential", clientSecret: "swift-confidential-secret")
            let (session, agent) = try await Self.signedIn(client, provider: provider)
            // A refresh token obtained by refreshing: Glewlwyd's logout leaves such tokens alive.
            let rotated = try #require(try await session.refresh().tokens.refreshToken)

            #expect(
                try await session.signOut(
                    with: agent, postLogoutRedirectURI: URL(string: "com.example.swiftapp:/logout")!) == .revoked)
            #expect(try await session.currentSignIn() == nil)
            // The session revoked it itself: the provider refuses it now.
            let stale = try SignIn<DiscoveredProvider>(
                tokens: TokenSet(accessToken: "x", refreshToken: rotated), idToken: nil)
            let refused = await #expect(throws: OAuthError.self) { try await client.refresh(stale) }
            // Glewlwyd refuses a revoked refresh token with a bare 400, no RFC 6749 §5.2 body (an
            // expectation of the kind alone would pass on a network failure too).
            #expect(refused?.kind == .unexpectedResponse)
            #expect(refused?.httpStatus == 400)
            #expect(refused?.message == "expected an OAuth response from the token endpoint, found HTTP 400")
        }

        @Test func aPublicClientIsSignedOutHereEvenWhenTheProviderRefusesItsRevocation() async throws {
            let provider = try GlewlwydProvider.instance()
            let client = try await AgainstGlewlwyd.RuntimeAgainstGlewlwydTests.client(issuer: provider.issuer)
            let (session, agent) = try await Self.signedIn(client, provider: provider)
            // The logout at the provider succeeded (state checked); its revocation endpoint wants
            // client credentials a public client does not have, and says so with a bare 401.
            let failure = await #expect(throws: OAuthError.self) {
                try await session.signOut(
                    with: agent, postLogoutRedirectURI: URL(string: "com.example.swiftapp:/logout")!)
            }
            #expect(failure?.kind == .unexpectedResponse)
            #expect(failure?.httpStatus == 401)
            #expect(try await session.currentSignIn() == nil)
        }

        @Test func aReturnWithoutTheStateSentIsRefused() throws {
            let redirect = URL(string: "com.example.swiftapp:/logout")!
            #expect(throws: OAuthError.stateMismatch) {
                try OAuthClient<DiscoveredProvider>.checkLogoutReturn(
                    URL(string: "com.example.swiftapp:/logout?state=other")!, redirect: redirect, state: "sent")
            }
            #expect(throws: OAuthError.stateMismatch) {
                try OAuthClient<DiscoveredProvider>.checkLogoutReturn(redirect, redirect: redirect, state: "sent")
            }
            let elsewhere = #expect(throws: OAuthError.self) {
                try OAuthClient<DiscoveredProvider>.checkLogoutReturn(
                    URL(string: "com.example.swiftapp:/elsewhere?state=sent")!, redirect: redirect, state: "sent")
            }
            #expect(elsewhere?.kind == .redirectMismatch)
            try OAuthClient<DiscoveredProvider>.checkLogoutReturn(
                URL(string: "com.example.swiftapp:/logout?state=sent")!, redirect: redirect, state: "sent")
        }
    }

    /// DPoP-bound tokens (RFC 9449) from Glewlwyd: proofs at the token endpoint, the server nonce,
    /// bound refresh, userinfo, and a stolen refresh token that is useless without its key.
    @Suite
    struct DPoPAgainstGlewlwydTests {
        static func dpopClient(issuer: String, clientID: String) async throws -> OAuthClient<DiscoveredProvider> {
            let base = try await RuntimeAgainstGlewlwydTests.client(issuer: issuer, clientID: clientID)
            var configuration = base.configuration
            configuration.quirks.dpop = true
            return try OAuthClient<DiscoveredProvider>(
                configuration: configuration, options: ClientOptions(clientID: clientID, allowInsecureLoopback: true))
        }

        static func signIn(_ client: OAuthClient<DiscoveredProvider>) async throws -> SignIn<DiscoveredProvider> {
            let provider = try GlewlwydProvider.instance()
            let jar = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-jar-\(UUID().uuidString)")
                .path
            defer { try? FileManager.default.removeItem(atPath: jar) }
            return try await client.signIn(
                with: BrowserScriptAgent(cookieJar: jar),
                redirectURI: try RegisteredRedirectURI(URL(string: provider.privateUseRedirect)!),
                scopes: ["openid", "profile", "offline_access"])
        }

        /// The access token is a JWT here; its cnf.jkt names the key it is bound to (RFC 9449 §6.1).
        static func boundThumbprint(of accessToken: String) throws -> String? {
            let payload = try #require(
                accessToken.split(separator: ".").dropFirst().first.flatMap { Base64URL.decode($0) })
            let claims = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
            return (claims["cnf"] as? [String: Any])?["jkt"] as? String
        }

        @Test func aClientThatMustUseDPoPGetsBoundTokensUsesThemAndRefreshesThem() async throws {
            let provider = try GlewlwydProvider.instance()
            let client = try await Self.dpopClient(issuer: provider.issuer, clientID: provider.dpopClientID)
            let signIn = try await Self.signIn(client)
            let key = try #require(signIn.tokens.dpopKey)
            #expect(signIn.tokens.tokenType.lowercased() == "dpop")
            #expect(try Self.boundThumbprint(of: signIn.tokens.accessToken) == key.thumbprint)
            #expect(signIn.idToken?.allClaims["name"] == .string("Alice Example"))

            let info = try await client.userInfo(signIn)
            #expect(info["name"] == .string("Alice Example"))

            let refreshed = try await client.refresh(signIn)
            #expect(refreshed.tokens.dpopKey == key)
            #expect(refreshed.tokens.refreshToken != signIn.tokens.refreshToken)
            #expect(try Self.boundThumbprint(of: refreshed.tokens.accessToken) == key.thumbprint)

            // The rotated refresh token with another key's proof: refused (Glewlwyd says 403).
            var stolen = refreshed.tokens
            stolen.dpopKey = DPoPSigningKey(SoftwareDPoPKey())
            let error = await #expect(throws: OAuthError.self) {
                try await client.refresh(try SignIn<DiscoveredProvider>(tokens: stolen, idToken: nil))
            }
            #expect(error?.httpStatus == 403 || error?.httpStatus == 400)
        }

        @Test func aCodeBoundToOneKeyIsRefusedWithAnothersProof() async throws {
            // dpop_jkt binds the code (RFC 9449 §10): exchanging it with another key's proof fails.
            let provider = try GlewlwydProvider.instance()
            let client = try await Self.dpopClient(issuer: provider.issuer, clientID: provider.dpopClientID)
            let request = try await client.authorizationRequest(
                redirectURI: URL(string: provider.privateUseRedirect)!, scopes: ["openid"])
            let callback = try await GlewlwydProvider.browse(request.url)
            var pending = request.pending
            pending.dpopKey = DPoPSigningKey(SoftwareDPoPKey())
            let error = await #expect(throws: OAuthError.self) {
                try await client.finishAuthorization(callback: callback, pending: pending)
            }
            // Glewlwyd says 403 where RFC 9449 §5 would have 400 invalid_dpop_proof; either is a refusal.
            #expect(error?.httpStatus == 403 || error?.httpStatus == 400)
        }

        @Test func theServerNonceIsFetchedAndUsedWithOneRetry() async throws {
            let provider = try GlewlwydProvider.instance()
            // On this issuer every proof must carry the server's nonce (use_dpop_nonce).
            let client = try await Self.dpopClient(issuer: provider.nonceIssuer, clientID: provider.publicClientID)
            let signIn = try await Self.signIn(client)
            #expect(signIn.tokens.tokenType.lowercased() == "dpop")
            #expect(await client.dpopNonces.nonce(for: client.configuration.endpoints.token) != nil)
            let refreshed = try await client.refresh(signIn)
            #expect(try Self.boundThumbprint(of: refreshed.tokens.accessToken) == signIn.tokens.dpopKey?.thumbprint)
        }

        /// The session's `data(for:)` against the nonce issuer's userinfo endpoint as a resource:
        /// a proof without the server's nonce is answered 401 `use_dpop_nonce` with one; the
        /// request is sent once more, with it, and succeeds.
        @Test func dataForARequestRetriesExactlyOnceWithTheResourceServersNonce() async throws {
            let provider = try GlewlwydProvider.instance()
            let signingIn = try await Self.dpopClient(issuer: provider.nonceIssuer, clientID: provider.publicClientID)
            let signIn = try await Self.signIn(signingIn)
            // A client that has seen no nonce from this server, sending through a counter.
            let counting = CountingTransport()
            let client = try OAuthClient<DiscoveredProvider>(
                configuration: signingIn.configuration,
                options: ClientOptions(
                    clientID: provider.publicClientID, transport: counting, allowInsecureLoopback: true))
            let session = OAuthSession(
                client: client, store: MemoryTokenStore(SignInRecord(tokens: signIn.tokens, idToken: signIn.idToken)))
            let userinfo = try #require(client.configuration.endpoints.userinfo)
            let (body, response) = try await session.data(for: URLRequest(url: userinfo))
            #expect(response.statusCode == 200)
            #expect(
                (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["sub"] as? String
                    == signIn.idToken?.subject)
            let sent = await counting.sent
            #expect(sent.count == 2)
            #expect(sent.map(\.status) == [401, 200])
            #expect(sent.first?.challenge?.contains("use_dpop_nonce") == true)
        }

        @Test func aPushWhoseProofWantsANonceNeverOfferedIsRepeatedWithoutTheProof() async throws {
            // Glewlwyd's nonce issuer refuses a proof at PAR without a nonce and offers none
            // there (403 invalid_dpop_proof, no DPoP-Nonce). The push is sent again with dpop_jkt
            // alone, which still binds the code; the token endpoint then asks for its nonce.
            let provider = try GlewlwydProvider.instance()
            let base = try await Self.dpopClient(issuer: provider.nonceIssuer, clientID: provider.publicClientID)
            var configuration = base.configuration
            configuration.quirks.pushedAuthorizationRequests = true
            let client = try OAuthClient<DiscoveredProvider>(
                configuration: configuration,
                options: ClientOptions(clientID: provider.publicClientID, allowInsecureLoopback: true))
            let signIn = try await Self.signIn(client)
            #expect(signIn.tokens.tokenType == "DPoP")
            #expect(try Self.boundThumbprint(of: signIn.tokens.accessToken) == signIn.tokens.dpopKey?.thumbprint)
        }

        @Test func theHeadersForAnAppsOwnRequestsAreAProofForThatRequest() async throws {
            let provider = try GlewlwydProvider.instance()
            let client = try await Self.dpopClient(issuer: provider.issuer, clientID: provider.publicClientID)
            let signIn = try await Self.signIn(client)
            let userinfo = try #require(client.configuration.endpoints.userinfo)
            let headers = try await client.authorizationHeaders(for: signIn, method: "GET", url: userinfo)
            #expect(headers.authorization == "DPoP \(signIn.tokens.accessToken)")
            #expect(!headers.description.contains(signIn.tokens.accessToken))
            // The app sends them itself, here to Glewlwyd's userinfo endpoint as a resource.
            let response = try await URLSessionTransport().send(
                HTTPRequest(method: "GET", url: userinfo, headers: headers.fields), to: "resource")
            #expect(response.status == 200)
            // As Bearer, the bound token is refused.
            let bearer = try await URLSessionTransport().send(
                HTTPRequest(
                    method: "GET", url: userinfo,
                    headers: [
                        "Authorization": "Bearer \(signIn.tokens.accessToken)"
                    ]), to: "resource")
            #expect(bearer.status == 401 || bearer.status == 403)
        }
    }
}

/// The real transport, recording each response's status and challenge.
actor CountingTransport: HTTPTransport {
    private let transport = URLSessionTransport()
    private(set) var sent: [(status: Int, challenge: String?)] = []

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await transport.send(request)
        sent.append((response.status, response.header("WWW-Authenticate")))
        return response
    }
}
