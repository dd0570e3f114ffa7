import Foundation

/// A provider's signing keys (its JWKS), fetched on first use and kept.
///
/// A token naming a key the cache does not have triggers a refetch, for key rotation — but at
/// most one per `minimumRefetchInterval`, shared by every token that misses meanwhile: a token's
/// `kid` is chosen by whoever sent the token, and must not make the client download the JWKS
/// once per token. Providers publish a new key before they sign with it, so a rotation is
/// still picked up by the first refetch. A download that fails counts too: while the JWKS URI
/// fails, every token gets that failure again until the interval has passed, rather than another
/// request each.
@_spi(BuildingBlocks)
public actor JWKSCache {
    /// One usable public key.
    struct Key: Sendable {
        /// Which download the key came from and its position there: its name in `verifiers`,
        /// so a verifier resolved across a concurrent refetch can never be filed under a newer key.
        var generation: Int
        var index: Int
        var jwk: JWK
    }

    private let url: URL
    private let transport: any HTTPTransport
    /// The shortest time between two downloads caused by unknown keys.
    public let minimumRefetchInterval: TimeInterval
    private var keys: [Key]?
    /// When a download was last started, whether it succeeded or not.
    private var lastAttempt: Date?
    /// Why the last download failed; cleared by one that succeeds.
    private var lastFailure: OAuthError?
    /// A verifier per key and algorithm, made once: building one parses the key.
    private var verifiers: [String: SignatureVerifier] = [:]
    private var fetch: Task<[Key], any Error>?
    /// How many times the JWKS was downloaded; tests and diagnostics read it.
    @_spi(Testing) public private(set) var fetchCount = 0

    /// A cache of the JWKS at `url`; an unknown key refetches it at most once per `minimumRefetchInterval` seconds.
    public init(url: URL, transport: any HTTPTransport, minimumRefetchInterval: TimeInterval = 60) {
        self.url = url
        self.transport = transport
        self.minimumRefetchInterval = minimumRefetchInterval
    }

    /// The verifier for a token's `kid` and `alg`, refetching the JWKS when the key is unknown
    /// and the last download is older than `minimumRefetchInterval` (or one is under way).
    func verifier(
        kid: String?, algorithm: JWSAlgorithm, now: Date = Date()
    ) async throws(OAuthError) -> SignatureVerifier {
        let key: Key
        if let keys, let found = Self.select(from: keys, kid: kid, algorithm: algorithm) {
            key = found
        } else if fetch != nil || lastAttempt.map({ now.timeIntervalSince($0) >= minimumRefetchInterval }) ?? true,
            let found = Self.select(from: try await refetch(now: now), kid: kid, algorithm: algorithm)
        {
            key = found
        } else if keys == nil, let lastFailure {
            // Backing off: the JWKS URI failed within the interval; say so again without asking.
            throw lastFailure
        } else {
            throw OAuthError.invalidIDToken(.unknownKey(kid))
        }
        let cacheKey = "\(key.generation)|\(key.index)|\(algorithm.rawValue)"
        if let cached = verifiers[cacheKey] { return cached }
        do {
            let made = try SignatureVerifier(key: key.jwk, algorithm: algorithm)
            verifiers[cacheKey] = made
            return made
        } catch {
            // Key material the platform refuses (an RSA key under 2048 bits…) verifies nothing.
            throw OAuthError.invalidIDToken(.unknownKey(kid))
        }
    }

    /// Several callers that miss at once share one download.
    private func refetch(now: Date) async throws(OAuthError) -> [Key] {
        if let fetch {
            return try await Self.value(of: fetch)
        }
        fetchCount += 1
        let task = Task { [url, transport, fetchCount] in
            try await Self.download(url, transport: transport, generation: fetchCount)
        }
        fetch = task
        lastAttempt = now
        defer { fetch = nil }
        let downloaded: [Key]
        do {
            downloaded = try await Self.value(of: task)
        } catch {
            lastFailure = error
            throw error
        }
        keys = downloaded
        lastFailure = nil
        verifiers = verifiers.filter { $0.key.hasPrefix("\(fetchCount)|") }
        return downloaded
    }

    private static func value(of task: Task<[Key], any Error>) async throws(OAuthError) -> [Key] {
        do {
            return try await task.value
        } catch let error as OAuthError {
            throw error
        } catch is CancellationError {
            throw OAuthError.taskCancelled
        } catch {
            throw OAuthError.network(endpoint: "JWKS URI", error)
        }
    }

    private static func download(_ url: URL, transport: any HTTPTransport, generation: Int) async throws -> [Key] {
        let response = try await transport.send(
            HTTPRequest(method: "GET", url: url, headers: ["Accept": "application/json"]), to: "JWKS URI")
        guard response.status == 200 else {
            throw OAuthError.unexpectedResponse(
                status: response.status, contentType: response.mediaType, endpoint: "JWKS URI")
        }
        return try parse(response.body, generation: generation)
    }

    /// The signing keys of a JWKS document; encryption keys and entries that are no JWK of a
    /// supported type are skipped, so one exotic key does not take the others down. Key material
    /// the platform cannot use fails only when a token names that key.
    static func parse(_ data: Data, generation: Int) throws -> [Key] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = object["keys"] as? [[String: Any]]
        else { throw OAuthError.invalidIDToken(.malformed("the JWKS is not a JSON object with a \"keys\" array")) }
        var keys: [Key] = []
        for entry in entries {
            guard let jwk = JWK(entry) else { continue }
            keys.append(Key(generation: generation, index: keys.count, jwk: jwk))
        }
        return keys
    }

    /// OIDC Core §10.1: with several keys the token must name one by `kid`; with one key a token
    /// without `kid` uses it. The key's type, curve and declared algorithm must fit the token's `alg`.
    static func select(from keys: [Key], kid: String?, algorithm: JWSAlgorithm) -> Key? {
        let fitting = keys.filter { $0.jwk.fits(algorithm) }
        if let kid { return fitting.first { $0.jwk.kid == kid } }
        return fitting.count == 1 ? fitting[0] : nil
    }
}
