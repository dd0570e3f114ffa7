import Foundation
import JWTKit

/// A provider's signing keys (its JWKS), fetched on first use and kept; a token naming a key
/// the cache does not have triggers one refetch, for key rotation.
public actor JWKSCache {
    /// One usable public key with the metadata that constrains it.
    struct Key: Sendable {
        /// Which download the key came from and its position there: its name in `algorithms`,
        /// so a verifier resolved across a concurrent refetch can never be filed under a newer key.
        var generation: Int
        var index: Int
        var kid: String?
        var keyType: String
        var algorithm: String?
        var curve: String?
        /// A key collection holding only this key, so jwt-kit can never pick another.
        var verifier: JWTKeyCollection
    }

    private let url: URL
    private let transport: any HTTPTransport
    private var keys: [Key]?
    /// jwt-kit's verifier per key and algorithm, made once: building one parses the key.
    private var algorithms: [String: any JWTAlgorithm] = [:]
    private var fetch: Task<[Key], any Error>?
    /// How many times the JWKS was downloaded; tests and diagnostics read it.
    public private(set) var fetchCount = 0

    public init(url: URL, transport: any HTTPTransport) {
        self.url = url
        self.transport = transport
    }

    /// The verifier for a token's `kid` and `alg`, refetching the JWKS once when the `kid` is unknown.
    func verifier(kid: String?, algorithm: String) async throws(OAuthError) -> any JWTAlgorithm {
        let key: Key
        if let keys, let found = Self.select(from: keys, kid: kid, algorithm: algorithm) {
            key = found
        } else if let found = Self.select(from: try await refetch(), kid: kid, algorithm: algorithm) {
            key = found
        } else {
            throw OAuthError.invalidIDToken(.unknownKey(kid))
        }
        let cacheKey = "\(key.generation)|\(key.index)|\(algorithm)"
        if let cached = algorithms[cacheKey] { return cached }
        do {
            let made = try await key.verifier.getKey(alg: algorithm)
            algorithms[cacheKey] = made
            return made
        } catch {
            throw OAuthError.invalidIDToken(.unknownKey(kid))
        }
    }

    /// Several callers that miss at once share one download.
    private func refetch() async throws(OAuthError) -> [Key] {
        if let fetch {
            return try await Self.value(of: fetch)
        }
        fetchCount += 1
        let task = Task { [url, transport, fetchCount] in try await Self.download(url, transport: transport, generation: fetchCount) }
        fetch = task
        defer { fetch = nil }
        let downloaded = try await Self.value(of: task)
        keys = downloaded
        algorithms = algorithms.filter { $0.key.hasPrefix("\(fetchCount)|") }
        return downloaded
    }

    private static func value(of task: Task<[Key], any Error>) async throws(OAuthError) -> [Key] {
        do {
            return try await task.value
        } catch let error as OAuthError {
            throw error
        } catch {
            throw OAuthError.transport("fetching the JWKS failed: \(error.localizedDescription)")
        }
    }

    private static func download(_ url: URL, transport: any HTTPTransport, generation: Int) async throws -> [Key] {
        let response = try await transport.send(HTTPRequest(method: "GET", url: url, headers: ["Accept": "application/json"]), to: "JWKS URI")
        guard response.status == 200 else { throw OAuthError.serverError(status: response.status, contentType: response.mediaType) }
        return try await parse(response.body, generation: generation)
    }

    /// The signing keys of a JWKS document; encryption keys and keys jwt-kit cannot use are skipped,
    /// so one exotic key does not take the others down.
    static func parse(_ data: Data, generation: Int) async throws -> [Key] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = object["keys"] as? [[String: Any]]
        else { throw OAuthError.invalidIDToken(.malformed("the JWKS is not a JSON object with a \"keys\" array")) }
        var keys: [Key] = []
        for entry in entries {
            guard (entry["use"] as? String).map({ $0 == "sig" }) ?? true,
                  let keyType = entry["kty"] as? String, ["RSA", "EC", "OKP"].contains(keyType),
                  let json = try? JSONSerialization.data(withJSONObject: entry),
                  let jwk = try? JSONDecoder().decode(JWK.self, from: json)
            else { continue }
            let collection = JWTKeyCollection()
            guard (try? await collection.add(jwk: jwk, isDefault: true)) != nil else { continue }
            keys.append(Key(generation: generation, index: keys.count, kid: entry["kid"] as? String, keyType: keyType, algorithm: entry["alg"] as? String,
                            curve: entry["crv"] as? String, verifier: collection))
        }
        return keys
    }

    /// OIDC Core §10.1: with several keys the token must name one by `kid`; with one key a token
    /// without `kid` uses it. The key's type and declared algorithm must fit the token's `alg`.
    static func select(from keys: [Key], kid: String?, algorithm: String) -> Key? {
        let fitting = keys.filter { key in
            (key.algorithm == nil || key.algorithm == algorithm) && keyTypeFits(key, algorithm: algorithm)
        }
        if let kid { return fitting.first { $0.kid == kid } }
        return fitting.count == 1 ? fitting[0] : nil
    }

    static func keyTypeFits(_ key: Key, algorithm: String) -> Bool {
        switch algorithm {
        case "RS256", "RS384", "RS512", "PS256", "PS384", "PS512": key.keyType == "RSA"
        case "ES256": key.keyType == "EC" && key.curve == "P-256"
        case "ES384": key.keyType == "EC" && key.curve == "P-384"
        case "ES512": key.keyType == "EC" && key.curve == "P-521"
        case "EdDSA": key.keyType == "OKP" && key.curve == "Ed25519"
        default: false
        }
    }
}
