import Foundation
internal import OAuthPolicy

/// What a code exchange needs: the code from a checked callback, the PKCE verifier, and the
/// redirect URI and client ID the request named (RFC 6749 §4.1.3, RFC 7636 §4.5).
///
/// Its description never shows the code or the verifier.
public struct CodeGrant: Sendable, Hashable, CustomStringConvertible {
    /// The authorization code.
    public var code: String
    /// The PKCE verifier; `nil` only for a provider configured without PKCE.
    public var codeVerifier: String?
    /// The redirect URI the authorization request named.
    public var redirectURI: URL
    /// The client ID the authorization request named.
    public var clientID: String
    /// The key the request's `dpop_jkt` named: the token request is signed with it (RFC 9449 §10).
    public var dpopKey: DPoPSigningKey?

    /// A grant from its parts.
    public init(code: String, codeVerifier: String?, redirectURI: URL, clientID: String, dpopKey: DPoPSigningKey? = nil) {
        self.dpopKey = dpopKey
        self.code = code
        self.codeVerifier = codeVerifier
        self.redirectURI = redirectURI
        self.clientID = clientID
    }

    /// The redirect URI and client ID; never the code or the verifier.
    public var description: String { "CodeGrant(clientID: \(clientID), redirectURI: \(redirectURI.absoluteString), code/verifier: <redacted>)" }
}

/// Turns a checked authorization code into tokens. The default is the provider's token
/// endpoint; an app whose own server holds a client secret, or links accounts, passes the grant
/// to that server instead (``BackendCodeExchange``).
///
/// Whichever does it, the client has already checked the callback (redirect, `state`, `iss`)
/// and verifies any ID token in the result against the request's nonce.
public protocol CodeExchange: Sendable {
    /// The tokens for `grant`. Throw ``OAuthError`` to report a refusal with its kind; any
    /// other error becomes ``OAuthError/Kind/backendExchangeFailed``.
    func exchange(_ grant: CodeGrant, now: Date) async throws -> TokenSet

    /// Whether this exchange signs its token request with the grant's ``CodeGrant/dpopKey``
    /// (RFC 9449 §5) and returns DPoP-bound tokens. A provider whose codes are bound to the
    /// app's key (`dpop_jkt`, RFC 9449 §10) accepts no other exchange, so a client for it refuses
    /// one that says `false` — the default, since a server elsewhere never holds the key.
    var signsDPoPProofs: Bool { get }
}

extension CodeExchange {
    /// `false`: an exchange must say that it signs with the app's key.
    public var signsDPoPProofs: Bool { false }
}

extension CodeExchange {
    /// Runs the exchange with the runtime's error mapping.
    func tokens(for grant: CodeGrant, now: Date) async throws(OAuthError) -> TokenSet {
        do {
            return try await exchange(grant, now: now)
        } catch let error as OAuthError {
            throw error
        } catch is CancellationError {
            throw OAuthError.taskCancelled
        } catch {
            throw OAuthError(.backendExchangeFailed, "the code exchange failed: \(error.localizedDescription)", underlyingError: error)
        }
    }
}

/// The provider's token endpoint: the default ``CodeExchange``.
struct TokenEndpointExchange: CodeExchange {
    let configuration: ProviderConfiguration
    let authentication: ClientAuthentication
    let transport: any HTTPTransport
    let nonces: DPoPNonces

    var signsDPoPProofs: Bool { true }

    func exchange(_ grant: CodeGrant, now: Date) async throws -> TokenSet {
        var parameters = [("grant_type", "authorization_code"), ("code", grant.code), ("redirect_uri", grant.redirectURI.absoluteString)]
        if let verifier = grant.codeVerifier { parameters.append(("code_verifier", verifier)) }
        return try await Self.tokens(parameters, dpopKey: grant.dpopKey, configuration: configuration, authentication: authentication,
                                     transport: transport, nonces: nonces, now: now)
    }

    /// A token request and its decoded answer; with a DPoP key, signed (RFC 9449 §5), retried once
    /// with the server's nonce if it asks, and required to come back bound.
    static func tokens(_ parameters: [(String, String)], dpopKey: DPoPSigningKey?, configuration: ProviderConfiguration,
                       authentication: ClientAuthentication, transport: any HTTPTransport, nonces: DPoPNonces, now: Date) async throws(OAuthError) -> TokenSet {
        // The configuration's extras too, checked here: a hand-made or tampered configuration
        // must not replace the code, the verifier or the grant type.
        let extra = configuration.quirks.tokenRequestParameters
        if let clash = extra.first(where: { ReservedParameters.isReservedTokenParameter($0.name) }) {
            throw OAuthError.invalidRequest("expected extra token request parameters the client does not set itself, found \"\(clash.name)\"")
        }
        let parameters = parameters + extra.map { ($0.name, $0.value) }
        let response = try await post(parameters, to: configuration.endpoints.token, name: "token endpoint", configuration: configuration,
                                      authentication: authentication, transport: transport, dpopKey: dpopKey, nonces: nonces)
        // The client decides whether an ID token was required; here only the format is checked.
        var tokens = try TokenResponseDecoder.decode(response, quirks: configuration.quirks.tokenResponse, requireIDToken: false,
                                                     scopeSeparator: configuration.quirks.scopeSeparator, now: now, dpop: dpopKey != nil)
        tokens.dpopKey = dpopKey
        return tokens
    }

    /// A form POST with the client's authentication and the provider's extra headers.
    static func post(_ parameters: [(String, String)], to endpoint: URL, name: String, configuration: ProviderConfiguration,
                     authentication: ClientAuthentication, transport: any HTTPTransport,
                     dpopKey: DPoPSigningKey? = nil, nonces: DPoPNonces? = nil, namingClient: Bool = false) async throws(OAuthError) -> HTTPResponse {
        var parameters = parameters
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"]
        authentication.apply(to: &parameters, headers: &headers)
        // A pushed authorization request names its client even when HTTP Basic authenticates it
        // (it is the authorization request's own parameter; RFC 9126 §2.1's example sends both).
        if namingClient, !parameters.contains(where: { $0.0 == "client_id" }) { parameters.insert(("client_id", authentication.clientID), at: 0) }
        for header in configuration.quirks.tokenRequestHeaders {
            // The build refuses these from the same lists; a hand-made configuration is refused here.
            guard HeaderPolicy.isValidName(header.name), HeaderPolicy.isValidValue(header.value) else {
                throw OAuthError.invalidRequest("expected extra token request headers with a field name and a value without control characters (RFC 9110 §5), found \"\(header.name)\"")
            }
            guard !HeaderPolicy.isReserved(header.name) else {
                throw OAuthError.invalidRequest("expected extra token request headers the client does not set itself, found \"\(header.name)\"")
            }
            // Field names have no case (RFC 9110 §5.1): the provider's `accept` replaces the client's `Accept`.
            for name in headers.keys where name.lowercased() == header.name.lowercased() { headers[name] = nil }
            headers[header.name] = header.value
        }
        let request = HTTPRequest(method: "POST", url: endpoint, headers: headers, body: Data(FormEncoding.encode(parameters).utf8))
        guard let dpopKey, let nonces else { return try await transport.send(request, to: name) }
        return try await DPoPSender.send(request, key: dpopKey, target: .authorizationServer, nonces: nonces, transport: transport, name: name)
    }
}

/// Sends the grant to the app's own server, which exchanges it (with a client secret, or after
/// linking accounts) and answers with a token response in the form of RFC 6749 §5.1.
///
/// The request is a JSON POST of `code`, `code_verifier`, `redirect_uri` and `client_id`, with
/// the app's own headers (its session with the server). An ID token in the answer is verified
/// by the client like one from the provider.
public struct BackendCodeExchange: CodeExchange {
    /// The backend's exchange endpoint; https, or http on 127.0.0.1/[::1] when allowed.
    public let url: URL
    /// Headers the backend needs (its own authentication of the app).
    public let headers: [String: String]
    /// The way out to the network.
    public let transport: any HTTPTransport

    /// - Parameters:
    ///   - url: the backend's exchange endpoint.
    ///   - headers: headers the backend needs, such as the app's own session with it.
    ///   - transport: the way out to the network.
    ///   - allowInsecureLoopback: accept `http` on 127.0.0.1 or [::1], for a local
    ///     development backend.
    public init(url: URL, headers: [String: String] = [:], transport: any HTTPTransport = URLSessionTransport(),
                allowInsecureLoopback: Bool = false) throws(OAuthError) {
        try EndpointPolicy.requireSecure(url, name: "backend exchange endpoint", allowInsecureLoopback: allowInsecureLoopback)
        self.url = url
        self.headers = headers
        self.transport = transport
    }

    /// Posts the grant and decodes the backend's token response.
    public func exchange(_ grant: CodeGrant, now: Date) async throws -> TokenSet {
        var body: [String: String] = ["code": grant.code, "redirect_uri": grant.redirectURI.absoluteString, "client_id": grant.clientID]
        if let verifier = grant.codeVerifier { body["code_verifier"] = verifier }
        var headers = headers
        headers["Content-Type"] = "application/json"
        headers["Accept"] = "application/json"
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let request = HTTPRequest(method: "POST", url: url, headers: headers, body: try encoder.encode(body))
        let response = try await transport.send(request, to: "backend exchange endpoint")
        return try TokenResponseDecoder.decode(response, quirks: TokenResponseQuirks(), requireIDToken: false, scopeSeparator: " ", now: now,
                                               endpoint: "backend exchange endpoint")
    }
}

extension CodeGrant: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
