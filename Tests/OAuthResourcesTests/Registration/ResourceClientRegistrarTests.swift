import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
@_spi(BuildingBlocks) @testable import OAuthResources
import RuntimeTestSupport
import Testing
import TestSupport

/// `ResourceClientRegistrar` on its own, for each `ResourceClient`: what it keeps, reuses, refuses
/// and sends, over a real store and, where it registers, a real socket.
@Suite struct ResourceClientRegistrarTests {
    static let redirect = try! RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!)
    static let resourceURL = URL(string: "https://mcp.example.com/mcp")!

    /// A resource whose server is `origin`, which does or does not fetch metadata documents.
    static func found(_ origin: String, metadataDocuments: Bool = false) throws -> DiscoveredResource {
        let metadata = Data(
            #"{"resource": "\#(resourceURL.absoluteString)", "authorization_servers": ["\#(origin)"]}"#.utf8)
        var configuration = DynamicClientRegistrationTests.configuration(origin)
        configuration.resource = resourceURL
        return DiscoveredResource(
            resource: try ProtectedResource(
                metadataDocument: metadata, expectedResource: resourceURL.absoluteString, allowInsecureLoopback: true),
            configuration: configuration, scopes: ["read"], clientIDMetadataDocumentSupported: metadataDocuments)
    }

    static func registrar(
        _ client: ResourceClient, store: any TokenStore, redirect: RegisteredRedirectURI? = redirect,
        transport: any HTTPTransport = RecordingTransport()
    ) -> ResourceClientRegistrar {
        let method: any ResourceSignInMethod =
            redirect.map { BrowserSignIn(client: client, redirectURI: $0, userAgent: OpenedURLs()) }
            ?? DeviceGrantSignIn(client: client, presenter: NoPresenter())
        return ResourceClientRegistrar(
            method: method, store: store, options: ClientOptions(transport: transport, allowInsecureLoopback: true),
            resource: resourceURL, now: { Date(timeIntervalSince1970: 1_800_000_000) })
    }

    struct NoPresenter: DeviceCodePresenter {
        func present(_ authorization: DeviceAuthorization<DiscoveredProvider>) async throws(OAuthError) {}
    }

    /// A client bound to one server is refused at another, naming both, before anything is sent.
    @Test func aBoundClientIsRefusedAtAnotherServer() async throws {
        let transport = RecordingTransport()
        let registrar = Self.registrar(
            .preregistered("app", issuer: "https://as.example.com"), store: MemoryTokenStore(), transport: transport)
        let error = await #expect(throws: OAuthError.self) {
            _ = try await registrar.registration(
                for: Self.found("https://other.example.com"), serverMetadataReadNow: true)
        }
        #expect(error?.kind == .invalidConfiguration)
        #expect(error?.message.contains("to name the authorization server https://as.example.com") == true)
        #expect(error?.message.contains("found it names https://other.example.com") == true)
        #expect(transport.urls.isEmpty)
    }

    /// A public client with no server named is bound by its first sign-in only: the binding is
    /// pending until the session keeps it, and then another server is refused.
    @Test func aFirstBindingWaitsForASignIn() async throws {
        let store = MemoryTokenStore()
        let registrar = Self.registrar(.preregistered("app"), store: store)
        let first = try await registrar.registration(
            for: Self.found("https://as.example.com"), serverMetadataReadNow: true)
        let pending = try #require(first.pendingBinding)
        #expect(first.record.clientID == "app" && !first.reused)
        #expect(try await store.loadRegistration(key: pending.key) == nil)
        // Another server before any sign-in succeeded: still free.
        _ = try await registrar.registration(for: Self.found("https://other.example.com"), serverMetadataReadNow: true)
        try await registrar.keep(pending)
        let error = await #expect(throws: OAuthError.self) {
            _ = try await registrar.registration(
                for: Self.found("https://other.example.com"), serverMetadataReadNow: true)
        }
        #expect(error?.kind == .invalidConfiguration)
    }

    /// A confidential client's secret goes into the sign-in's record, never into what is kept.
    @Test func aConfidentialClientsSecretIsNeverKept() async throws {
        let store = MemoryTokenStore()
        let client = ConfidentialClient(clientID: "app", issuer: "https://as.example.com", clientSecret: "s3cret")
        let registrar = Self.registrar(.confidential(client), store: store)
        let registered = try await registrar.registration(
            for: Self.found("https://as.example.com"), serverMetadataReadNow: true)
        #expect(registered.record.clientSecret == "s3cret")
        let pending = try #require(registered.pendingBinding)
        #expect(pending.record.clientSecret == nil)
        try await registrar.keep(pending)
        #expect(try await store.loadRegistration(key: pending.key)?.clientSecret == nil)
    }

    /// A metadata document is refused at a server that does not fetch them, and over http.
    @Test func aMetadataDocumentNeedsAServerThatFetchesIt() async throws {
        let document = URL(string: "https://app.example.com/client.json")!
        let registrar = Self.registrar(.metadataDocument(document), store: MemoryTokenStore())
        let refused = await #expect(throws: OAuthError.self) {
            _ = try await registrar.registration(for: Self.found("https://as.example.com"), serverMetadataReadNow: true)
        }
        #expect(refused?.kind == .invalidConfiguration)
        let record = try await registrar.registration(
            for: Self.found("https://as.example.com", metadataDocuments: true), serverMetadataReadNow: true
        ).record
        #expect(record.clientID == document.absoluteString && record.redirectURIs == [Self.redirect.url])
        let insecure = Self.registrar(
            .metadataDocument(URL(string: "http://app.example.com/client.json")!), store: MemoryTokenStore())
        let error = await #expect(throws: OAuthError.self) {
            _ = try await insecure.registration(
                for: Self.found("https://as.example.com", metadataDocuments: true), serverMetadataReadNow: true)
        }
        #expect(error?.kind == .insecureEndpoint)
    }

    /// Nothing registered and nothing kept: the name is the store's alone.
    @Test func anUnregisteredClientKeepsNothing() async throws {
        let store = MemoryTokenStore()
        let registrar = Self.registrar(.unregistered(storeName: "workload /run/token"), store: store, redirect: nil)
        let registered = try await registrar.registration(
            for: Self.found("https://as.example.com"), serverMetadataReadNow: true)
        #expect(registered.record.clientID == "workload /run/token" && registered.pendingBinding == nil)
        #expect(try await store.registrationKeys().isEmpty)
        #expect(registrar.registrationKey(issuer: "https://as.example.com", resource: "x") == nil)
    }

    /// A dynamic client registers once at a real server, is kept at once, and is reused after:
    /// `registersNow` says so before and after.
    @Test func aDynamicClientRegistersOnceAndIsReused() async throws {
        let server = try LocalHTTPServer { request in
            let origin = "http://" + (request.headers["host"] ?? "")
            return .json(
                #"{"client_id": "dyn-1", "token_endpoint_auth_method": "none", "redirect_uris": ["http://127.0.0.1/callback"], "registration_access_token": "RAT", "registration_client_uri": "\#(origin)/register/dyn-1"}"#,
                status: 201)
        }
        let store = MemoryTokenStore()
        let registrar = Self.registrar(.dynamic(clientName: "tests"), store: store, transport: URLSessionTransport())
        let found = try Self.found(server.origin)
        #expect(try await registrar.registersNow(for: found))
        let first = try await registrar.registration(for: found, serverMetadataReadNow: true)
        #expect(first.record.clientID == "dyn-1" && !first.reused)
        #expect(try await !registrar.registersNow(for: found))
        let second = try await registrar.registration(for: found, serverMetadataReadNow: false)
        #expect(second.record.clientID == "dyn-1" && second.reused)
        #expect(server.requests.count == 1)
        // The device grant's registration is kept apart: it would register again.
        let device = Self.registrar(
            .dynamic(clientName: "tests"), store: store, redirect: nil, transport: URLSessionTransport())
        #expect(try await device.registersNow(for: found))
    }
}
