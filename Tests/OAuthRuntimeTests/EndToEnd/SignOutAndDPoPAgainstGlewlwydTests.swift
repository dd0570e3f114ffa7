import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import TestSupport
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

// Sign-out and DPoP against Glewlwyd, in the suite of RuntimeAgainstGlewlwydTests.swift.
extension AgainstGlewlwyd {
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
