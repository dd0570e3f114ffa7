import Foundation

/// One app's client of one provider: builds authorization requests, checks callbacks, and talks
/// to the token, revocation and userinfo endpoints.
///
/// ```swift
/// let client = try OAuthClient(configuration: Google.configuration)
/// let request = try client.authorizationRequest(redirectURI: redirect)
/// // open request.url in the browser; keep request.pending until the callback
/// let tokens = try await client.finishAuthorization(callback: url, pending: request.pending)
/// ```
public struct OAuthClient: Sendable {
    public let configuration: ProviderConfiguration
    public let authentication: ClientAuthentication
    public let transport: any HTTPTransport
    /// Checks ID tokens; `nil` for OAuth-only providers.
    public let idTokenValidator: IDTokenValidator?
    let allowInsecureLoopback: Bool

    /// - Parameters:
    ///   - clientID: overrides the configuration's default client ID.
    ///   - clientSecret: only for providers that insist on one (RFC 8252 §8.5: it is not secret in an app).
    ///   - allowInsecureLoopback: accept `http` endpoints on 127.0.0.1 or [::1] — for local
    ///     development servers only. Every other endpoint must be https.
    public init(
        configuration: ProviderConfiguration,
        clientID: String? = nil,
        clientSecret: String? = nil,
        transport: any HTTPTransport = URLSessionTransport(),
        clockSkew: TimeInterval = 120,
        allowInsecureLoopback: Bool = false
    ) throws(OAuthError) {
        guard let clientID = clientID ?? configuration.client.clientID, !clientID.isEmpty else {
            throw OAuthError.invalidRequest("expected a client ID from the configuration or the caller, found none")
        }
        let endpoints = configuration.endpoints
        let named: [(String, URL?)] = [
            ("authorization endpoint", endpoints.authorization), ("token endpoint", endpoints.token),
            ("revocation endpoint", endpoints.revocation), ("userinfo endpoint", endpoints.userinfo),
            ("end-session endpoint", endpoints.endSession), ("JWKS URI", endpoints.jwks),
        ]
        for case let (name, url?) in named {
            try EndpointPolicy.requireSecure(url, name: name, allowInsecureLoopback: allowInsecureLoopback)
        }
        self.configuration = configuration
        self.authentication = ClientAuthentication(clientID: clientID, method: configuration.quirks.tokenEndpointAuthMethod, clientSecret: clientSecret,
                                                   supported: configuration.metadata.tokenEndpointAuthMethodsSupported)
        self.transport = transport
        self.allowInsecureLoopback = allowInsecureLoopback
        if configuration.metadata.kind == .openIDConnect {
            guard let jwks = endpoints.jwks else { throw OAuthError.missingEndpoint("JWKS URI") }
            self.idTokenValidator = try IDTokenValidator(configuration: configuration, clientID: clientID,
                                                         keys: JWKSCache(url: jwks, transport: transport), clockSkew: clockSkew)
        } else {
            self.idTokenValidator = nil
        }
    }

    public var clientID: String { authentication.clientID }

    /// A new authorization request; `scopes` default to the configuration's default scopes.
    public func authorizationRequest(redirectURI: URL, scopes: [String]? = nil, additionalParameters: [QuirkParameter] = []) throws(OAuthError) -> AuthorizationRequest {
        try AuthorizationRequest(configuration: configuration, clientID: clientID, redirectURI: redirectURI,
                                 scopes: scopes ?? configuration.client.defaultScopes, additionalParameters: additionalParameters)
    }

    /// Checks the callback, exchanges the code and verifies the ID token.
    public func finishAuthorization(callback: URL, pending: PendingAuthorization, now: Date = Date()) async throws(OAuthError) -> SignIn {
        let code = try AuthorizationCallback.validate(callback, pending: pending, metadata: configuration.metadata)
        return try await exchange(code, pending: pending, now: now)
    }

    /// Exchanges a code (RFC 6749 §4.1.3, with the PKCE verifier) and verifies the ID token.
    public func exchange(_ code: AuthorizationCode, pending: PendingAuthorization, now: Date = Date()) async throws(OAuthError) -> SignIn {
        var parameters = [("grant_type", "authorization_code"), ("code", code.code), ("redirect_uri", pending.redirectURI.absoluteString)]
        if pending.pkce.method != .none { parameters.append(("code_verifier", pending.pkce.verifier)) }
        let isOpenID = configuration.metadata.kind == .openIDConnect && pending.scopes.contains("openid")
        let tokens = try await tokenRequest(parameters, requireIDToken: isOpenID, now: now)
        var idToken: VerifiedIDToken?
        if let raw = tokens.idToken, let validator = idTokenValidator {
            idToken = try await validator.validate(raw, nonce: pending.nonce, now: now)
        }
        return SignIn(tokens: tokens, idToken: idToken)
    }

    /// Refreshes (RFC 6749 §6). A rotated refresh token replaces the old one; a response without
    /// one keeps it. A new ID token is checked against the original (OIDC Core §12.2).
    public func refresh(_ signIn: SignIn, scopes: [String]? = nil, now: Date = Date()) async throws(OAuthError) -> SignIn {
        guard let refreshToken = signIn.tokens.refreshToken else {
            throw OAuthError.invalidRequest("expected a refresh token to refresh with, found none")
        }
        var parameters = [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
        if let scopes { parameters.append(("scope", scopes.joined(separator: configuration.quirks.scopeSeparator))) }
        var tokens = try await tokenRequest(parameters, requireIDToken: false, now: now)
        if tokens.refreshToken == nil { tokens.refreshToken = refreshToken }
        var idToken = signIn.idToken
        if let raw = tokens.idToken, let validator = idTokenValidator {
            if let original = signIn.idToken {
                idToken = try await validator.validateRefreshed(raw, original: original, now: now)
            } else {
                idToken = try await validator.validate(raw, nonce: nil, now: now)
            }
        } else {
            tokens.idToken = signIn.tokens.idToken
        }
        return SignIn(tokens: tokens, idToken: idToken)
    }

    /// Revokes a token (RFC 7009). Revoking a token the server does not know is a success.
    public func revoke(_ token: String, hint: TokenTypeHint? = nil) async throws(OAuthError) {
        guard let endpoint = configuration.endpoints.revocation else { throw OAuthError.missingEndpoint("revocation endpoint") }
        var parameters = [("token", token)]
        if let hint { parameters.append(("token_type_hint", hint.rawValue)) }
        let response = try await post(parameters, to: endpoint, name: "revocation endpoint")
        guard response.status == 200 else {
            throw TokenResponseDecoder.failure(for: response, quirks: configuration.quirks.tokenResponse)
        }
    }

    /// The UserInfo claims (OIDC Core §5.3); their `sub` must equal the ID token's (§5.3.2).
    public func userInfo<Claims: OAuthClaims>(_ signIn: SignIn, as type: Claims.Type = Claims.self) async throws(OAuthError) -> Claims {
        let data = try await userInfoResponse(signIn).data
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw OAuthError.invalidTokenResponse("a userinfo body that does not decode as \(type): \(error)")
        }
    }

    /// The UserInfo response as untyped JSON, with the same `sub` check.
    public func userInfo(_ signIn: SignIn) async throws(OAuthError) -> [String: ClaimValue] {
        try await userInfoResponse(signIn).claims
    }

    /// The body, and its claims as read for the `sub` check.
    private func userInfoResponse(_ signIn: SignIn) async throws(OAuthError) -> (data: Data, claims: [String: ClaimValue]) {
        guard let endpoint = configuration.endpoints.userinfo else { throw OAuthError.missingEndpoint("userinfo endpoint") }
        let response = try await transport.send(HTTPRequest(method: "GET", url: endpoint, headers: [
            "Authorization": "Bearer \(signIn.tokens.accessToken)", "Accept": "application/json",
        ]), to: "userinfo endpoint")
        guard response.status == 200 else { throw OAuthError.serverError(status: response.status, contentType: response.mediaType) }
        guard response.mediaType == "application/json" || response.mediaType == nil else {
            throw OAuthError.invalidTokenResponse("a userinfo response of type \(response.mediaType ?? "none") (only JSON is accepted)")
        }
        guard let object = try? JSONDecoder().decode([String: ClaimValue].self, from: response.body),
              let subject = object["sub"]?.stringValue
        else { throw OAuthError.missingParameter("sub") }
        if let expected = signIn.idToken?.subject, subject != expected { throw OAuthError.userInfoSubjectMismatch }
        return (response.body, object)
    }

    /// The RP-initiated logout URL (OpenID Connect RP-Initiated Logout 1.0), if the provider has one.
    public func endSessionURL(idTokenHint: VerifiedIDToken? = nil, postLogoutRedirectURI: URL? = nil, state: String? = nil) -> URL? {
        guard let endpoint = configuration.endpoints.endSession,
              var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        else { return nil }
        var pairs: [(String, String)] = [("client_id", clientID)]
        if let idTokenHint { pairs.append(("id_token_hint", idTokenHint.rawValue)) }
        if let postLogoutRedirectURI { pairs.append(("post_logout_redirect_uri", postLogoutRedirectURI.absoluteString)) }
        if let state { pairs.append(("state", state)) }
        let existing = components.percentEncodedQuery.map { $0 + "&" } ?? ""
        components.percentEncodedQuery = existing + FormEncoding.encodeQuery(pairs)
        return components.url
    }

    // MARK: - Requests

    private func tokenRequest(_ parameters: [(String, String)], requireIDToken: Bool, now: Date) async throws(OAuthError) -> TokenSet {
        let response = try await post(parameters, to: configuration.endpoints.token, name: "token endpoint")
        return try TokenResponseDecoder.decode(response, quirks: configuration.quirks.tokenResponse, requireIDToken: requireIDToken,
                                               scopeSeparator: configuration.quirks.scopeSeparator, now: now)
    }

    private func post(_ parameters: [(String, String)], to endpoint: URL, name: String) async throws(OAuthError) -> HTTPResponse {
        var parameters = parameters
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"]
        authentication.apply(to: &parameters, headers: &headers)
        for header in configuration.quirks.tokenRequestHeaders { headers[header.name] = header.value }
        return try await transport.send(HTTPRequest(method: "POST", url: endpoint, headers: headers, body: Data(FormEncoding.encode(parameters).utf8)), to: name)
    }
}

/// RFC 7009 §2.1 `token_type_hint`.
public enum TokenTypeHint: String, Sendable, Hashable {
    case accessToken = "access_token"
    case refreshToken = "refresh_token"
}

/// The outcome of a sign-in or refresh: the tokens and, for OpenID Connect, the verified ID token.
public struct SignIn: Sendable, Hashable, Codable, CustomStringConvertible {
    public var tokens: TokenSet
    public var idToken: VerifiedIDToken?

    public init(tokens: TokenSet, idToken: VerifiedIDToken?) {
        self.tokens = tokens
        self.idToken = idToken
    }

    public var description: String { "SignIn(\(tokens), subject: \(idToken?.subject ?? "none"))" }
}
