import CryptoExtras
import Foundation
import JWTKit
@_spi(Testing) @_spi(BuildingBlocks) import OAuthRuntime

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
