import Foundation
import FuzzSupport
@_spi(BuildingBlocks) @testable import OAuthRuntime

/// JWKS parsing and ID-token verification: a token verifies only when its signature does with
/// a key of the set under an allowed algorithm (never none or HMAC), and then its claims passed
/// the checks. Input: JWKS JSON, NUL, compact token.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let parts = FuzzInput(start, count).parts(2)
    let jwks = Data(parts[0])
    let token = String(decoding: parts[1], as: UTF8.self)
    _ = try? JWKSCache.parse(jwks, generation: 1)
    // One validator per distinct JWKS, kept as an app keeps its client: mutations of the token
    // reuse its verifiers instead of rebuilding RSA keys under full instrumentation each time.
    let validator: IDTokenValidator
    if let known = validators[jwks] {
        validator = known
    } else {
        if validators.count >= 256 { validators.removeAll() }
        validator = try! IDTokenValidator(
            configuration: configuration, clientID: "client-1",
            keys: JWKSCache(url: configuration.endpoints.jwks!, transport: FixedTransport(body: jwks)))
        validators[jwks] = validator
    }
    let outcome: Result<VerifiedIDToken, OAuthError> = runBlocking {
        do throws(OAuthError) {
            return .success(try await validator.validate(token, nonce: "n-1", now: now))
        } catch {
            return .failure(error)
        }
    }
    switch outcome {
    case .success(let verified):
        require(verified.issuer == "https://id.example.com", "issuer \(verified.issuer)")
        require(verified.nonce == "n-1", "nonce")
        let header =
            token.split(separator: ".").first.flatMap { Base64URL.decode($0) }.map {
                String(decoding: $0, as: UTF8.self)
            } ?? ""
        require(!header.contains("\"none\"") && !header.contains("\"HS"), "accepted alg in \(header)")
    case .failure(let error):
        require(
            !error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "control character in \(error.description.debugDescription)")
    }
    return 0
}

let now = Date(timeIntervalSince1970: 1_800_000_000)
/// libFuzzer calls the target from one thread, one input at a time.
nonisolated(unsafe) var validators: [Data: IDTokenValidator] = [:]
let configuration = ProviderConfiguration(
    issuer: "https://id.example.com",
    endpoints: ProviderEndpoints(
        authorization: URL(string: "https://id.example.com/a")!, token: URL(string: "https://id.example.com/t")!,
        jwks: URL(string: "https://id.example.com/jwks")!),
    metadata: ProviderMetadata(
        kind: .openIDConnect, idTokenSigningAlgorithms: ["RS256", "PS256", "ES256", "EdDSA", "HS256", "none"]),
    client: ClientRegistration(clientID: "client-1"))

struct FixedTransport: HTTPTransport {
    let body: Data
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}
