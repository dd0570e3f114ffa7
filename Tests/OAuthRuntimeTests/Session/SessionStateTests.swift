import Foundation
@_spi(BuildingBlocks) @_spi(Testing) @testable import OAuthRuntime
import RuntimeTestSupport
import Testing
import TestSupport

/// What `states()` publishes, and what a session sees of another process sharing its store.
@Suite struct SessionStateTests {
    let tokens: RotatingTokenServer
    var endpoint: RotatingTokenServer.Endpoint { tokens.endpoint }
    var server: LocalHTTPServer { tokens.server }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "oauthgen-states-\(UUID().uuidString)")

    init() throws {
        tokens = try RotatingTokenServer()
    }

    func session(_ store: any TokenStore) throws -> OAuthSession<DiscoveredProvider> {
        var configuration = testConfiguration(kind: .oauth2)
        configuration.endpoints.token = URL(string: "\(server.origin)/token")!
        configuration.endpoints.revocation = nil
        return OAuthSession(
            client: try OAuthClient<DiscoveredProvider>(
                configuration: configuration, options: ClientOptions(allowInsecureLoopback: true)), store: store)
    }

    func signIn(_ access: String, _ refresh: String, expired: Bool) -> SignIn<DiscoveredProvider> {
        .withoutIDToken(
            TokenSet(
                accessToken: access, expiresAt: Date(timeIntervalSinceNow: expired ? -10 : 3600), refreshToken: refresh)
        )
    }

    /// The next `count` states, or fewer if they have not all come in 30 s. (Every caller publishes
    /// them before it asks, so only a machine too loaded to run the reader waits long.)
    func next(
        _ count: Int, of stream: AsyncStream<SessionState<DiscoveredProvider>>
    ) async -> [SessionState<DiscoveredProvider>] {
        await withTaskGroup(of: [SessionState<DiscoveredProvider>].self) { group in
            group.addTask {
                var states: [SessionState<DiscoveredProvider>] = []
                for await state in stream {
                    states.append(state)
                    if states.count == count { break }
                }
                return states
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(30))
                return []
            }
            var collected: [SessionState<DiscoveredProvider>] = []
            for await states in group where !states.isEmpty || collected.isEmpty {
                collected = states
                group.cancelAll()
                break
            }
            return collected
        }
    }

    @Test func aSignInARefreshAndAnInvalidGrantArePublishedWithoutACatch() async throws {
        let session = try session(MemoryTokenStore())
        let states = await session.states()
        let first = signIn("AT-1", "RT-1", expired: true)
        try await session.keep(first)
        _ = try await session.validAccessToken()  // refreshes: RT-1 → RT-2
        _ = try await session.validAccessToken()  // valid: publishes nothing
        try await session.keep(signIn("AT-9", "RT-9", expired: true))
        _ = try? await session.validAccessToken()  // RT-9 was never issued: invalid_grant
        let published = await next(5, of: states)
        #expect(published.count == 5)
        guard published.count == 5 else { return }
        #expect(published[0] == .signedOut(.neverSignedIn))
        #expect(published[1] == .signedIn(first, refreshed: false))
        #expect(published[2].signIn?.tokens.accessToken == "AT-2")
        if case .signedIn(_, let refreshed) = published[2] { #expect(refreshed) }
        #expect(published[3].signIn?.tokens.accessToken == "AT-9")
        #expect(published[4] == .signedOut(.grantRevoked))
    }

    @Test func anotherProcesssRefreshAndSignOutAreSeenAtTheNextAccess() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tokens.json").path
        try await FileTokenStore(path: path).save(signIn("AT-1", "RT-1", expired: true).record)
        let app = try session(FileTokenStore(path: path))
        let widget = try session(FileTokenStore(path: path))
        #expect(try await app.currentSignIn()?.tokens.accessToken == "AT-1")
        let states = await app.states()

        #expect(try await widget.validAccessToken() == "AT-2")  // the widget refreshes
        #expect(try await app.currentSignIn()?.tokens.accessToken == "AT-2")
        #expect(await app.refreshCount == 0)
        #expect(try await widget.signOut() == .notRevocable)  // and signs out
        #expect(try await app.currentSignIn() == nil)

        let published = await next(3, of: states)
        #expect(published.map(\.signIn?.tokens.accessToken) == ["AT-1", "AT-2", nil])
        #expect(published.last == .signedOut(.signedOutElsewhere))
    }

    /// A claim whose type changed in an app update: a typed error, and the tokens stay stored.
    @Test func aStoredSignInWhoseClaimsNoLongerDecodeIsATypedErrorAndIsKept() async throws {
        enum StrictProvider: OpenIDProvider {
            typealias Scope = ScopeValue
            typealias RedirectURI = RegisteredRedirectURI
            typealias UserInfo = Claims
            struct Claims: OAuthClaims {
                let sub: String
                let level: Int
            }
        }
        let payload =
            #"{"iss":"https://id.example.com","sub":"u-1","aud":"client-1","exp":4000000000,"iat":1700000000,"level":"gold"}"#
        let raw =
            "eyJhbGciOiJSUzI1NiJ9."
            + Data(payload.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_") + ".c2ln"
        let idToken = try #require(VerifiedIDToken(storedRawValue: raw))
        let record = SignInRecord(
            tokens: TokenSet(accessToken: "AT", expiresAt: Date(timeIntervalSinceNow: 3600), refreshToken: "RT"),
            idToken: idToken)
        let store = MemoryTokenStore(record)
        let session = OAuthSession(
            client: try OAuthClient<StrictProvider>(overriding: testConfiguration()), store: store)
        do {
            _ = try await session.validAccessToken()
            Issue.record("expected the stored sign-in to be refused")
        } catch {
            #expect(error.kind == .storedSignInIncompatible)
            #expect(
                error.description.hasPrefix("expected the stored sign-in's claims to decode as StrictProvider.Claims"))
        }
        #expect(await store.load() == record)
    }
}
