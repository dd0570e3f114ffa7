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
