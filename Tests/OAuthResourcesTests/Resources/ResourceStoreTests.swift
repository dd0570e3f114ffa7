import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(Testing) @testable import OAuthRuntime
@_spi(Testing) @testable import OAuthResources
import RuntimeTestSupport
import Testing
import TestSupport

/// One store, several resources and servers (the MCP authorization spec's "Authorization Server
/// Binding", SEP-2352), against django-oauth-toolkit and two `protected_api.py` resources: each
/// sign-in under its server, client and resource; registrations kept apart, outliving a failed
/// sign-in, deleted with RFC 7592 when the server is removed; a pre-registered client ID held to
/// the server that issued it.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct ResourceStoreTests {
    static let redirect = try! RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!)

    /// A session for `api` on `store`; with `username` nil, a browser that fails at once.
    func session(
        _ api: ProtectedAPI, store: any TokenStore,
        client: ResourceClient = .dynamic(clientName: "oauthgen store tests"),
        username: String? = "trent", transport: any HTTPTransport = URLSessionTransport()
    ) throws -> ProtectedResourceSession {
        let provider = try DjangoProvider.instance()
        let browser = username.map { [provider.python, provider.driver, "--username", $0] } ?? ["/bin/false"]
        return ProtectedResourceSession(
            resource: URL(string: api.resource)!,
            signIn: BrowserSignIn(
                client: client, redirectURI: Self.redirect,
                userAgent: LoopbackUserAgent(browserCommand: browser, timeout: 30)),
            store: store,
            options: ClientOptions(transport: transport, allowInsecureLoopback: true))
    }

    func temporaryStore() throws -> (FileTokenStore, URL) {
        let directory = try makeTestDirectory("oauthgen-stores")
        return (FileTokenStore(path: directory.appendingPathComponent("sign-ins.json").path), directory)
    }

    func call(_ session: ProtectedResourceSession, _ api: ProtectedAPI) async throws -> Int {
        try await session.data(for: URLRequest(url: URL(string: api.resource)!)).1.statusCode
    }

    /// Two resources at one authorization server, one store file: two sign-ins side by side,
    /// each resource sent only the token bound to it.
    @Test func twoResourcesShareAStoreWithoutSharingTokens() async throws {
        let provider = try DjangoProvider.instance()
        let (first, second) = (try ProtectedAPI(provider: provider), try ProtectedAPI(provider: provider))
        defer {
            first.stop()
            second.stop()
        }
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }

        let a = try session(first, store: store)
        #expect(try await call(a, first) == 200)
        let b = try session(second, store: store)
        #expect(try await call(b, second) == 200)
        #expect(store.accounts().count == 2)
        // Each resource saw only tokens bound to it (RFC 8707 `aud`, introspected).
        for api in [first, second] {
            let bound = try api.requests().compactMap { $0["aud"] as? [String] }
            #expect(!bound.isEmpty && bound.allSatisfy { $0 == [api.resource] }, "\(api.resource): \(bound)")
        }
        // A new process on the same file finds each sign-in under its own resource: no browser.
        let again = try session(first, store: store, username: nil)
        #expect(try await call(again, first) == 200)
    }

    /// With a valid stored sign-in, a new process asks nothing of the authorization server
    /// before the resource answers: the server's metadata is kept with the registration, and the
    /// resource's own metadata is read again (so a resource naming another server is noticed).
    @Test func aStoredSignInCallsTheResourceWithoutAskingTheServer() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await call(try session(api, store: store), api) == 200)

        let recording = RecordingTransport()
        let again = try session(api, store: store, username: nil, transport: recording)
        #expect(try await call(again, api) == 200)
        let asked = recording.urls.map { "\($0.host ?? ""):\($0.port ?? 0)" }
        #expect(!asked.contains("127.0.0.1:\(provider.port)"), "\(recording.urls)")
        #expect(recording.urls.last?.absoluteString == api.resource)
    }

    /// A sign-in that fails after registering keeps the registration: the next try reuses it
    /// instead of registering a second client.
    @Test func aFailedSignInKeepsItsRegistration() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }

        let failing = try session(api, store: store, username: nil)
        let error = await #expect(throws: OAuthError.self) { _ = try await call(failing, api) }
        #expect(error?.kind == .browserFailed)
        let registered = try #require(try await failing.oauthSession().client.options.registration)
        #expect(await !failing.registrationReused)

        let retry = try session(api, store: store)
        #expect(try await call(retry, api) == 200)
        #expect(await retry.registrationReused)
        #expect(try await retry.oauthSession().client.clientID == registered.clientID)
    }

    /// A resource that moved: the store holds the old server's sign-in (as the only, default
    /// one, the way earlier versions kept it) and its registration. The session registers at the
    /// new server and signs in there, presents nothing of the old one, and leaves it as it was.
    @Test func aMovedResourceSignsInAtItsNewServerAndLeavesTheOldEntry() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let oldIssuer = "https://old-as.example.com"
        var oldRecord = SignInRecord(
            tokens: TokenSet(accessToken: "old-access-token", tokenType: "Bearer", refreshToken: "old-refresh-token"),
            idToken: nil,
            owner: SignInOwner(
                issuer: oldIssuer, clientID: "old-client", tokenEndpoint: "https://old-as.example.com:443"))
        oldRecord.registration = ClientRegistrationRecord(
            issuer: oldIssuer, clientID: "old-client", method: .dynamic, redirectURIs: [Self.redirect.url])
        try await store.save(oldRecord)
        try await store.saveRegistration(
            oldRecord.registration!,
            key: ResourceClientRegistrar.dynamicKey(
                issuer: oldIssuer, redirectURI: Self.redirect.url, resource: api.resource))
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))

        let moved = try session(api, store: store)
        #expect(try await call(moved, api) == 200)
        #expect(try await moved.oauthSession().client.clientID != "old-client")
        #expect(await !moved.registrationReused)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
        #expect(try api.requests().allSatisfy { ($0["client_id"] as? String) != "old-client" })
    }

    /// A pre-registered client ID belongs to the server that issued it: named with its issuer,
    /// or bound by its first use, a resource naming another server is refused before any
    /// sign-in, saying which.
    @Test func aPreregisteredClientIDStaysWithItsServer() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }

        let named = try session(
            api, store: store, client: .preregistered(provider.clientID, issuer: "https://as.example.com"),
            username: nil)
        let error = await #expect(throws: OAuthError.self) { _ = try await call(named, api) }
        #expect(error?.kind == .invalidConfiguration)
        #expect(
            error?.message.hasPrefix(
                "expected the resource \(api.resource) to name the authorization server https://as.example.com, where client \"\(provider.clientID)\" is registered, found it names \(provider.issuer)"
            ) == true,
            "\(error?.message ?? "")")

        // Bound by first use: the store remembers where; another server is then refused.
        try await store.saveRegistration(
            ClientRegistrationRecord(issuer: "https://first.example.com", clientID: "bound", method: .preregistered),
            key: ResourceClientRegistrar.preregisteredKey(clientID: "bound"))
        let bound = try session(api, store: store, client: .preregistered("bound"), username: nil)
        let refused = await #expect(throws: OAuthError.self) { _ = try await call(bound, api) }
        #expect(
            refused?.message.contains(
                "the authorization server https://first.example.com, where client \"bound\" is registered") == true)
    }

    /// Issue 45, G1: a client named without its server is bound where a sign-in first succeeded,
    /// not where a resource first sent it. A sign-in that never finished (a hostile resource's
    /// server, a closed browser) leaves no binding; the next, completed, one binds. (Before the
    /// fix the failed attempt bound the client, and the real server was refused afterwards.)
    @Test func aClientIsBoundOnlyWhereASignInSucceeded() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = ResourceClientRegistrar.preregisteredKey(clientID: provider.clientID)

        let abandoned = try session(api, store: store, client: .preregistered(provider.clientID), username: nil)
        let error = await #expect(throws: OAuthError.self) { _ = try await call(abandoned, api) }
        #expect(error?.kind == .browserFailed)
        #expect(try await store.loadRegistration(key: key) == nil)

        let completed = try session(api, store: store, client: .preregistered(provider.clientID))
        #expect(try await call(completed, api) == 200)
        #expect(try await store.loadRegistration(key: key)?.issuer == provider.issuer)
    }
}
