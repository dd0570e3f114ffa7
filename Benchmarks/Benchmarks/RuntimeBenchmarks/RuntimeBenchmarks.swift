import Benchmark
import BenchmarkSmoke
import CryptoExtras
import Foundation
import JWTKit
@_spi(Testing) @_spi(BuildingBlocks) import OAuthRuntime

/// The runtime's hot paths. Network-free except the last, which refreshes against a local token
/// server started from `Support/token_server.py`.
let benchmarks: @Sendable () -> Void = {
    let configuration = Fixture.configuration

    Benchmark(
        "PKCE pair (S256)", configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds)
    ) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(PKCE()) }
    }

    // RFC 9449 §4.2: one proof per request, so its cost is on every token and resource request.
    // Goal: ≤ 50 µs median with the software key.
    Benchmark(
        "DPoP proof (P-256, software key)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds)
    ) { benchmark in
        let key = SoftwareDPoPKey()
        let url = URL(string: "https://resource.example.org/protectedresource?x=1")!
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(
                try DPoPProof.make(
                    key: key, method: "GET", url: url, accessToken: "Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU",
                    nonce: "eyJ7S_zG.eyJH0-Z.HX4w-7v"))
        }
    }

    // The typed layer against the untyped path, pairwise: the same work through a generated-shape
    // provider type (`TypedProvider`: typed scopes, a Claims struct decoded once) and through
    // `DiscoveredProvider` (string scopes, claims as JSON values). Their ratio is the typed layer's cost.
    // Every client gets an in-memory transport: a URLSession's own thread (FoundationNetworking)
    // allocates in the background and would be counted, and slow, the loop it shares the machine with.
    let redirect = URL(string: "com.example.app:/oauth2redirect")!
    Benchmark(
        "authorization URL (typed provider)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds)
    ) { benchmark in
        let client = try OAuthClient<TypedProvider>(
            overriding: configuration,
            options: ClientOptions(transport: CannedTransport(response: Fixture.tokenResponse)))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(
                try await client.authorizationRequest(redirectURI: redirect, scopes: [.openid, .email, .profile]))
        }
    }

    Benchmark(
        "authorization URL (untyped)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds)
    ) { benchmark in
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration,
            options: ClientOptions(transport: CannedTransport(response: Fixture.tokenResponse)))
        let scopes = ["openid", "email", "profile"].map(ScopeValue.init(rawValue:))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await client.authorizationRequest(redirectURI: redirect, scopes: scopes))
        }
    }

    Benchmark(
        "token response decode (typed provider)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds)
    ) { benchmark in
        var oauth2 = configuration
        oauth2.metadata.kind = .oauth2
        let client = try OAuthClient<TypedOAuthProvider>(
            overriding: oauth2, options: ClientOptions(transport: CannedTransport(response: Fixture.tokenResponse)))
        let pending: PendingAuthorization<TypedOAuthProvider> = Fixture.pending()
        let exchanged = try await client.exchange(Fixture.code(for: pending), pending: pending, now: Date())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try await client.refresh(exchanged)) }
    }

    Benchmark(
        "token response decode (untyped)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds)
    ) { benchmark in
        var oauth2 = configuration
        oauth2.metadata.kind = .oauth2
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: oauth2, options: ClientOptions(transport: CannedTransport(response: Fixture.tokenResponse)))
        let pending: PendingAuthorization<DiscoveredProvider> = Fixture.pending()
        let exchanged = try await client.exchange(Fixture.code(for: pending), pending: pending, now: Date())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try await client.refresh(exchanged)) }
    }

    Benchmark(
        "code exchange with ID token validation (typed claims)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(5))
    ) { benchmark in
        let fixture = try await Fixture.signedToken()
        let client = try OAuthClient<TypedProvider>(
            overriding: configuration, options: ClientOptions(transport: Fixture.exchangeTransport(fixture)))
        let pending: PendingAuthorization<TypedProvider> = Fixture.pending()
        _ = try await client.exchange(Fixture.code(for: pending), pending: pending, now: Date())  // warm the JWKS cache
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let signIn = try await client.exchange(Fixture.code(for: pending), pending: pending, now: Date())
            blackHole(signIn.claims.email)
        }
    }

    Benchmark(
        "code exchange with ID token validation (untyped claims)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(5))
    ) { benchmark in
        let fixture = try await Fixture.signedToken()
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(transport: Fixture.exchangeTransport(fixture)))
        let pending: PendingAuthorization<DiscoveredProvider> = Fixture.pending()
        _ = try await client.exchange(Fixture.code(for: pending), pending: pending, now: Date())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let signIn = try await client.exchange(Fixture.code(for: pending), pending: pending, now: Date())
            blackHole(signIn.idToken?.subject)
        }
    }

    Benchmark(
        "ID token validation (OAuthRuntime)",
        configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds)
    ) { benchmark in
        let fixture = try await Fixture.signedToken()
        let validator = try IDTokenValidator(
            configuration: configuration, clientID: "client-1",
            keys: JWKSCache(url: configuration.endpoints.jwks!, transport: CannedTransport(response: fixture.jwks)))
        _ = try await validator.validate(fixture.token, nonce: "n-1")  // warm the JWKS cache
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try await validator.validate(fixture.token, nonce: "n-1")) }
    }

    Benchmark(
        "ID token verify (raw jwt-kit, same token)",
        configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds)
    ) { benchmark in
        let fixture = try await Fixture.signedToken()
        let keys = JWTKeyCollection()
        try await keys.add(jwk: fixture.publicJWK)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try await keys.verify(fixture.token, as: Fixture.Claims.self)) }
    }

    // validAccessToken() with a valid token, the call an app makes before every request: from
    // memory, from a file store (which a session re-checks with a stat so another process's
    // change is seen), and with a states() subscriber (which a call that changes nothing must
    // not cost).
    let valid = SignInRecord(
        tokens: TokenSet(accessToken: "at", expiresAt: Date(timeIntervalSinceNow: 86_400), refreshToken: "rt"),
        idToken: nil)
    var oauth2 = configuration
    oauth2.metadata.kind = .oauth2
    // A thousand calls a sample: one call alone measures mostly how fast the pool's thread wakes.
    let perCall = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, scalingFactor: .kilo)
    Benchmark("validAccessToken(), valid token, memory store", configuration: perCall) { benchmark in
        let session = OAuthSession(
            client: try OAuthClient<DiscoveredProvider>(configuration: oauth2), store: MemoryTokenStore(valid))
        _ = try await session.validAccessToken()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try await session.validAccessToken()) }
    }
    Benchmark("validAccessToken(), valid token, memory store, states() subscribed", configuration: perCall) {
        benchmark in
        let session = OAuthSession(
            client: try OAuthClient<DiscoveredProvider>(configuration: oauth2), store: MemoryTokenStore(valid))
        let states = await session.states()
        _ = try await session.validAccessToken()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try await session.validAccessToken()) }
        benchmark.stopMeasurement()
        blackHole(states)
    }
    // The file and its session are made once for every sample: a save ends in fsync, and a sample
    // that starts just after the disk flush measures its thread waking up, not the call (it put
    // 150 ns on every call of a 1,000-call sample).
    let filePath = FileManager.default.temporaryDirectory.appendingPathComponent(
        "oauthgen-bench-\(UUID().uuidString).json"
    ).path
    let fileSession = Task { [oauth2] in
        let store = FileTokenStore(path: filePath)
        try await store.save(valid)
        let session = OAuthSession(client: try OAuthClient<DiscoveredProvider>(configuration: oauth2), store: store)
        _ = try await session.validAccessToken()
        return session
    }
    Benchmark("validAccessToken(), valid token, shared file store", configuration: perCall) { benchmark in
        let session = try await fileSession.value
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try await session.validAccessToken()) }
    } teardown: {
        for suffix in ["", ".lock", ".lock.version"] { unlink(filePath + suffix) }
    }

    // Eight sessions on one file, as eight processes would be (each its own lock descriptor), at
    // expiry: one refresh request between them, checked every iteration.
    Benchmark(
        "8 sessions on one file store at expiry (local server)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, maxDuration: .seconds(20),
            maxIterations: 50
        )
    ) { benchmark in
        let server = try TokenServer.shared.get()
        var local = oauth2
        local.endpoints.token = URL(string: "http://127.0.0.1:\(server.port)/token")!
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: local, options: ClientOptions(allowInsecureLoopback: true))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-bench-\(UUID().uuidString).json"
        ).path
        defer { for suffix in ["", ".lock", ".lock.version"] { unlink(path + suffix) } }
        for _ in benchmark.scaledIterations {
            try await FileTokenStore(path: path).save(
                SignInRecord(
                    tokens: TokenSet(accessToken: "old", expiresAt: Date(timeIntervalSinceNow: -1), refreshToken: "rt"),
                    idToken: nil))
            let before = try await server.refreshCount()
            let tokens = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    let session = OAuthSession(client: client, store: FileTokenStore(path: path))
                    group.addTask { try await session.validAccessToken() }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            let requests = try await server.refreshCount() - before
            precondition(
                tokens.count == 1 && requests == 1,
                "expected one refresh for 8 sessions, found \(requests) requests and \(tokens.count) tokens")
        }
    }

    Benchmark(
        "10,000 concurrent validAccessToken() at expiry (local server)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, maxDuration: .seconds(20),
            maxIterations: 20
        )
    ) { benchmark in
        let server = try TokenServer.shared.get()
        var local = configuration
        local.metadata.kind = .oauth2
        local.endpoints.token = URL(string: "http://127.0.0.1:\(server.port)/token")!
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: local, options: ClientOptions(allowInsecureLoopback: true))
        for _ in benchmark.scaledIterations {
            let before = try await server.refreshCount()
            let stored = SignInRecord(
                tokens: TokenSet(accessToken: "old", expiresAt: Date(timeIntervalSinceNow: -1), refreshToken: "rt"),
                idToken: nil)
            let session = OAuthSession(client: client, store: MemoryTokenStore(stored))
            let tokens = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<10_000 { group.addTask { try await session.validAccessToken() } }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            let requests = try await server.refreshCount() - before
            precondition(
                tokens.count == 1 && requests == 1,
                "expected one refresh for 10,000 callers, found \(requests) requests and \(tokens.count) tokens")
        }
    }
    BenchmarkSmoke.applyIfAsked()
}

/// Answers every request with one canned response.
struct CannedTransport: HTTPTransport {
    let response: HTTPResponse
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { response }
}

/// Answers each URL with its own canned response.
struct RoutingTransport: HTTPTransport {
    let responses: [URL: HTTPResponse]
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        responses[request.url] ?? HTTPResponse(status: 404)
    }
}

/// Shaped as oauthgen generates an OpenID provider (`Tests/GeneratedClientsTests/Golden`), with
/// Google's claims: typed scopes, redirect URIs and a `Claims` struct.
enum TypedProvider: OpenIDProvider, SupportsRevocation, SupportsUserInfo {
    struct Scope: OAuthScope {
        let rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }
        static let openid = Scope(rawValue: "openid")
        static let email = Scope(rawValue: "email")
        static let profile = Scope(rawValue: "profile")
    }

    enum RedirectURI: OAuthRedirectURI {
        case privateUseScheme
        var registered: RegisteredRedirectURI {
            try! RegisteredRedirectURI(URL(string: "com.example.app:/oauth2redirect")!)
        }
    }

    struct Claims: OAuthClaims {
        let sub: String
        let iss: String?
        let aud: Audience?
        let exp: Date?
        let iat: Date?
        let nonce: String?
        let email: String?
        let emailVerified: Bool?
        let name: String?
        let picture: String?
        let givenName: String?
        let familyName: String?
        let locale: String?
        let hd: String?

        enum CodingKeys: String, CodingKey {
            case sub, iss, aud, exp, iat, nonce, email, name, picture, locale, hd
            case emailVerified = "email_verified"
            case givenName = "given_name"
            case familyName = "family_name"
        }
    }

    typealias UserInfo = Claims
}

/// The same for an OAuth-only provider: no ID token, a userinfo shape of its own.
enum TypedOAuthProvider: OAuthProvider {
    typealias Scope = TypedProvider.Scope
    typealias RedirectURI = TypedProvider.RedirectURI
    typealias Claims = NoIDToken

    struct UserInfo: Codable, Hashable, Sendable {
        let id: Int?
        let login: String?
    }
}

enum Fixture {
    static let configuration = ProviderConfiguration(
        issuer: "https://id.example.com",
        endpoints: ProviderEndpoints(
            authorization: URL(string: "https://id.example.com/authorize")!,
            token: URL(string: "https://id.example.com/token")!,
            jwks: URL(string: "https://id.example.com/jwks")!),
        metadata: ProviderMetadata(kind: .openIDConnect, idTokenSigningAlgorithms: ["RS256"]),
        client: ClientRegistration(clientID: "client-1"))

    /// A code as a checked callback hands it over.
    static func code<Provider>(for pending: PendingAuthorization<Provider>) throws -> AuthorizationCode {
        try AuthorizationCallback.validate(
            URL(string: "com.example.app:/oauth2redirect?code=SplxlOBeZQQYbYS6WxSbIA&state=s-1")!, pending: pending,
            metadata: configuration.metadata)
    }

    static func pending<Provider>() -> PendingAuthorization<Provider> {
        PendingAuthorization(
            state: "s-1", nonce: "n-1", pkce: PKCE(), redirectURI: URL(string: "com.example.app:/oauth2redirect")!,
            issuer: "https://id.example.com", clientID: "client-1", scopes: ["openid", "email", "profile"],
            createdAt: Date())
    }

    /// The token endpoint answers with an ID token signed by the key the JWKS URI serves.
    static func exchangeTransport(_ fixture: Signed) -> RoutingTransport {
        let body =
            #"{"access_token":"SlAV32hkKG","token_type":"Bearer","expires_in":3600,"id_token":"\#(fixture.token)"}"#
        return RoutingTransport(responses: [
            configuration.endpoints.token: HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8)),
            configuration.endpoints.jwks!: fixture.jwks,
        ])
    }

    static let tokenResponse = HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"],
        body: Data(
            #"""
            {"access_token":"SlAV32hkKG","token_type":"bearer","expires_in":"3600","refresh_token":"8xLOxBtZp8","scope":"openid email profile","x-extra":{"nested":[1,2,3]}}
            """#.utf8))

    struct Claims: JWTPayload {
        var iss: String
        var sub: String
        var aud: String
        var exp: Double
        var iat: Double
        var nonce: String
        // What a Google ID token with the email and profile scopes carries besides.
        var email = "ada@example.com"
        var email_verified = true
        var name = "Ada Lovelace"
        var given_name = "Ada"
        var family_name = "Lovelace"
        var picture = "https://example.com/ada.png"
        var locale = "en"
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    struct Signed: Sendable {
        var token: String
        var jwks: HTTPResponse
        var publicJWK: JWK
    }

    static func signedToken() async throws -> Signed {
        let key = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        let keys = JWTKeyCollection()
        await keys.add(rsa: key, digestAlgorithm: .sha256, kid: "k1")
        let now = Date().timeIntervalSince1970
        let token = try await keys.sign(
            Claims(iss: "https://id.example.com", sub: "u", aud: "client-1", exp: now + 86_400, iat: now, nonce: "n-1"),
            kid: "k1")
        let (n, e) = try key.publicKey.getKeyPrimitives()
        func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let jwkJSON =
            #"{"kty":"RSA","kid":"k1","use":"sig","alg":"RS256","n":"\#(base64URL(n))","e":"\#(base64URL(e))"}"#
        return Signed(
            token: token,
            jwks: HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"keys":[\#(jwkJSON)]}"#.utf8)),
            publicJWK: try JSONDecoder().decode(JWK.self, from: Data(jwkJSON.utf8)))
    }
}

/// `Support/token_server.py`, started once per benchmark run.
struct TokenServer: Sendable {
    let port: Int

    static let shared: Result<TokenServer, any Error> = Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Support/token_server.py").path
        process.arguments = ["python3", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5).prefix { $0.isNumber }) else {
            throw OAuthError(.network, "the token server did not start: \(text)")
        }
        return TokenServer(port: port)
    }

    func refreshCount() async throws -> Int {
        let response = try await URLSessionTransport().send(
            HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:\(port)/count")!))
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Int]
        return object?["count"] ?? -1
    }
}
