import Foundation
internal import OAuthPolicy

/// An app's client of one provider, typed by it: builds authorization requests, checks
/// callbacks, exchanges codes, refreshes, and talks to the revocation and userinfo endpoints.
///
/// Make it from the generated provider type, which passes the configuration it was built from:
///
/// ```swift
/// let client = Google.client()
/// let signIn = try await client.signIn(with: LoopbackUserAgent(), scopes: [.openid, .email])
/// print(signIn.claims.email ?? signIn.claims.sub)
/// ```
///
/// Members for endpoints a provider lacks do not exist for it: `revoke` needs
/// ``SupportsRevocation``, `userInfo` ``SupportsUserInfo``, `endSessionURL` ``SupportsEndSession``.
public struct OAuthClient<Provider: OAuthProvider>: Sendable {
    /// What the client knows of the provider.
    public let configuration: ProviderConfiguration
    /// How the client authenticates at the token endpoint.
    @_spi(BuildingBlocks)
    public let authentication: ClientAuthentication
    /// The way out to the network.
    public let transport: any HTTPTransport
    /// Checks ID tokens; `nil` for OAuth-only providers.
    @_spi(BuildingBlocks)
    public let idTokenValidator: IDTokenValidator?
    /// How codes become tokens: the provider's token endpoint, or the app's backend.
    public let codeExchange: any CodeExchange
    /// The oldest pending authorization this client finishes.
    public let pendingAuthorizationLifetime: TimeInterval
    /// Whether http URLs on a loopback literal are accepted (local development servers only);
    /// applies to URLs servers send later too, such as a device grant's verification URI.
    let allowsInsecureLoopback: Bool
    /// Where each sign-in's DPoP key is made.
    public let dpopKeyStorage: DPoPKeyStorage
    /// The servers' latest DPoP nonces (RFC 9449 §8), shared by every request this client makes.
    let dpopNonces: DPoPNonces

    /// A client of any provider type from any configuration: what the typed entry points
    /// (``GeneratedProvider/client(clientID:clientSecret:transport:codeExchange:clockSkew:pendingAuthorizationLifetime:allowInsecureLoopback:dpopKeyStorage:)``
    /// and, for ``DiscoveredProvider``, `init(configuration:)`) call. Nothing ties
    /// `configuration` to `Provider` here (`OAuthClient<Google>(overriding: MicrosoftEntra.configuration)`
    /// would compile), so it is not public API: a test that runs a generated provider against a
    /// server on another port imports it with `@_spi(Testing)`.
    ///
    /// - Parameters:
    ///   - configuration: the provider.
    ///   - clientID: overrides the configuration's default client ID.
    ///   - clientSecret: only for providers that insist on one (RFC 8252 §8.5: it is not secret in an app).
    ///   - transport: the way out to the network.
    ///   - codeExchange: where codes are exchanged; `nil` for the provider's token endpoint.
    ///   - clockSkew: the clock difference ID token times may show, in seconds.
    ///   - pendingAuthorizationLifetime: a pending authorization older than this is refused
    ///     (10 minutes by default: an authorization code lives at most that long, RFC 6749 §4.1.2).
    ///   - allowInsecureLoopback: accept `http` endpoints on 127.0.0.1 or [::1] — for local
    ///     development servers only. Every other endpoint must be https.
    ///   - dpopKeyStorage: where each sign-in's DPoP key is made, for a provider whose tokens
    ///     are DPoP-bound: in software (the default) or in the Secure Enclave.
    @_spi(Testing)
    public init(
        overriding configuration: ProviderConfiguration,
        clientID: String? = nil,
        clientSecret: String? = nil,
        transport: any HTTPTransport = URLSessionTransport(),
        codeExchange: (any CodeExchange)? = nil,
        clockSkew: TimeInterval = 120,
        pendingAuthorizationLifetime: TimeInterval = 600,
        allowInsecureLoopback: Bool = false,
        dpopKeyStorage: DPoPKeyStorage = .software
    ) throws(OAuthError) {
        // A provider the quirk file declares a loopback development server needs no argument.
        let allowInsecureLoopback = allowInsecureLoopback || configuration.quirks.loopbackDevelopmentServer
        guard let clientID = clientID ?? configuration.client.clientID else {
            throw OAuthError.invalidConfiguration("expected a client ID from the configuration or the caller, found none")
        }
        if let problem = ClientIdentifier.problem(in: clientID) {
            throw OAuthError.invalidConfiguration("expected \(ClientIdentifier.expectation), found \(problem)")
        }
        let endpoints = configuration.endpoints
        let named: [(String, URL?)] = [
            ("authorization endpoint", endpoints.authorization), ("token endpoint", endpoints.token),
            ("revocation endpoint", endpoints.revocation), ("userinfo endpoint", endpoints.userinfo),
            ("end-session endpoint", endpoints.endSession), ("JWKS URI", endpoints.jwks),
            ("pushed authorization request endpoint", endpoints.pushedAuthorizationRequest),
            ("device authorization endpoint", endpoints.deviceAuthorization),
        ]
        for case let (name, url?) in named {
            try EndpointPolicy.requireSecure(url, name: name, allowInsecureLoopback: allowInsecureLoopback)
        }
        if (configuration.metadata.requirePushedAuthorizationRequests || configuration.quirks.pushedAuthorizationRequests),
           endpoints.pushedAuthorizationRequest == nil {
            // RFC 9126 §5: such a provider refuses every request that was not pushed.
            throw OAuthError.invalidConfiguration("expected a pushed authorization request endpoint for a provider whose requests must be pushed, found none")
        }
        let dpopAlgorithms = configuration.metadata.dpopSigningAlgorithms
        if configuration.quirks.dpop, !dpopAlgorithms.isEmpty, !dpopAlgorithms.contains(where: DPoPPolicy.signingAlgorithms.contains) {
            throw OAuthError.invalidConfiguration(
                "expected \(DPoPPolicy.signingAlgorithms.joined(separator: " or ")) among the provider's DPoP algorithms for DPoP-bound tokens, found \(dpopAlgorithms.joined(separator: ", "))")
        }
        if Provider.self is any OpenIDProvider.Type, configuration.metadata.kind != .openIDConnect {
            throw OAuthError.invalidConfiguration("expected an OpenID Connect configuration for \(Provider.self), found OAuth 2.0 metadata")
        }
        self.configuration = configuration
        var authentication = ClientAuthentication(clientID: clientID, method: configuration.quirks.tokenEndpointAuthMethod, clientSecret: clientSecret,
                                                  supported: configuration.metadata.tokenEndpointAuthMethodsSupported)
        authentication.basicWithoutSecret = configuration.quirks.basicAuthWithoutSecret
        self.authentication = authentication
        self.transport = transport
        self.pendingAuthorizationLifetime = pendingAuthorizationLifetime
        self.allowsInsecureLoopback = allowInsecureLoopback
        self.dpopKeyStorage = dpopKeyStorage
        let nonces = DPoPNonces()
        self.dpopNonces = nonces
        if configuration.metadata.kind == .openIDConnect {
            guard let jwks = endpoints.jwks else { throw OAuthError.invalidConfiguration("expected the OpenID provider to have a JWKS URI, found none") }
            self.idTokenValidator = try IDTokenValidator(configuration: configuration, clientID: clientID,
                                                         keys: JWKSCache(url: jwks, transport: transport), clockSkew: clockSkew)
        } else {
            self.idTokenValidator = nil
        }
        if configuration.quirks.dpop, let codeExchange, !codeExchange.signsDPoPProofs {
            throw OAuthError.invalidConfiguration(
                "expected a code exchange that signs DPoP proofs with the app's key for a provider whose tokens are DPoP-bound, found \(type(of: codeExchange)), which does not (the key never leaves the app)")
        }
        self.codeExchange = codeExchange ?? TokenEndpointExchange(configuration: configuration, authentication: authentication, transport: transport, nonces: nonces)
    }

    /// The client ID requests are made with.
    public var clientID: String { authentication.clientID }

    /// Whether this sign-in asks for an ID token: always for an OpenID provider's type; for a
    /// provider described at run time, when its metadata is OpenID Connect and `openid` is asked.
    private var isOpenID: Bool { configuration.metadata.kind == .openIDConnect }

    /// Whether this client's tokens are DPoP-bound (the quirk file's `dpop`).
    public var usesDPoP: Bool { configuration.quirks.dpop }

    /// The scopes a request asks for: the caller's or the defaults, with `openid` first for an
    /// OpenID provider's type.
    func requestedScopes(_ scopes: [Provider.Scope]?) -> [String] {
        var names = scopes?.map { $0.rawValue } ?? configuration.client.defaultScopes
        if Provider.self is any OpenIDProvider.Type, !names.contains("openid") { names.insert("openid", at: 0) }
        return names
    }

    /// A new authorization request; pushed to the provider first (RFC 9126) when its metadata
    /// requires that or its quirk file asks for it, so the URL carries only `client_id` and
    /// `request_uri`.
    ///
    /// - Parameters:
    ///   - redirectURI: where the response comes back; a loopback URI must carry the port the
    ///     listener bound (``ExternalUserAgent`` implementations do this).
    ///   - scopes: `nil` for the provider's default scopes. An OpenID provider's request
    ///     always includes `openid`.
    ///   - parameters: optional request parameters: `prompt`, `login_hint`, `max_age`…
    ///   - now: when the request is made, for the pending authorization's age.
    public func authorizationRequest(redirectURI: URL, scopes: [Provider.Scope]? = nil, parameters: AuthorizationParameters<Provider> = .init(),
                                     now: Date = Date()) async throws(OAuthError) -> AuthorizationRequest<Provider> {
        let request = try AuthorizationRequest<Provider>(configuration: configuration, clientID: clientID, redirectURI: redirectURI,
                                                         scopes: requestedScopes(scopes), additionalParameters: parameters.queryParameters,
                                                         dpopKey: usesDPoP ? try dpopKeyStorage.makeKey() : nil, now: now)
        return pushesAuthorizationRequests ? try await pushed(request, now: now) : request
    }

    /// Checks the pending authorization and the callback, exchanges the code and verifies the ID token.
    public func finishAuthorization(callback: URL, pending: PendingAuthorization<Provider>, now: Date = Date()) async throws(OAuthError) -> SignIn<Provider> {
        try check(pending, now: now)
        let code = try AuthorizationCallback.validate(callback, pending: pending, metadata: configuration.metadata)
        return try await exchange(code, pending: pending, now: now)
    }

    /// Exchanges a checked code (RFC 6749 §4.1.3, with the PKCE verifier) and verifies the ID token.
    @_spi(BuildingBlocks)
    public func exchange(_ code: AuthorizationCode, pending: PendingAuthorization<Provider>, now: Date = Date()) async throws(OAuthError) -> SignIn<Provider> {
        try check(pending, now: now)
        let requireIDToken = isOpenID && pending.scopes.contains("openid")
        let grant = CodeGrant(code: code.code, codeVerifier: pending.pkce.method == .none ? nil : pending.pkce.verifier,
                              redirectURI: pending.redirectURI, clientID: clientID, dpopKey: pending.dpopKey)
        var tokens = try await codeExchange.tokens(for: grant, now: now)
        if let key = grant.dpopKey {
            // Whatever exchanged the code, a bearer token here would be one the provider did not
            // bind to the key the request named.
            guard tokens.tokenType == "DPoP" else {
                throw OAuthError.invalidTokenResponse("the token type \"\(tokens.tokenType)\" for a code bound to a DPoP key (RFC 9449 §5 requires DPoP)")
            }
            tokens.dpopKey = key
        }
        if requireIDToken, tokens.idToken == nil {
            throw OAuthError.invalidTokenResponse("no \"id_token\" in an OpenID Connect code flow response")
        }
        return try await verifiedSignIn(tokens, nonce: pending.nonce, now: now)
    }

    /// A sign-in from a grant's tokens, its ID token (if any) verified (OIDC Core §3.1.3.7).
    func verifiedSignIn(_ tokens: TokenSet, nonce: String?, now: Date) async throws(OAuthError) -> SignIn<Provider> {
        var tokens = tokens
        guard let raw = tokens.idToken else { return try SignIn(tokens: tokens, idToken: nil) }
        guard let validator = idTokenValidator else {
            // An OAuth-only provider (or a backend) sent one this client cannot verify: not kept.
            tokens.idToken = nil
            return try SignIn(tokens: tokens, idToken: nil)
        }
        return try SignIn(tokens: tokens, idToken: try await validator.validate(raw, nonce: nonce, now: now))
    }

    /// Refreshes (RFC 6749 §6). A rotated refresh token replaces the old one; a response without
    /// one keeps it. A new ID token is checked against the original (OIDC Core §12.2).
    ///
    /// Once the token endpoint has answered, the provider may have rotated the refresh token, so
    /// the one sent may be dead. A response whose ID token names another issuer, subject or
    /// client (or fails its signature or claims) is refused: its refresh token is revoked (the
    /// provider has no revocation endpoint: it is left to expire) and the error is
    /// ``OAuthError/Kind/invalidIDToken`` — the sign-in cannot go on; never refresh again with
    /// the old token, whose reuse would revoke the whole grant. An ID token that cannot be checked
    /// *now* (its keys unreachable) is left out, as a refresh response may leave it out (§12.2):
    /// the tokens are kept with the original ID token. A later `auth_time` is accepted
    /// (the sign-in keeps the original as ``SignIn/authenticatedAt``).
    public func refresh(_ signIn: SignIn<Provider>, scopes: [Provider.Scope]? = nil, now: Date = Date()) async throws(OAuthError) -> SignIn<Provider> {
        guard let refreshToken = signIn.tokens.refreshToken else {
            throw OAuthError.invalidRequest("expected a refresh token to refresh with, found none")
        }
        var parameters = [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
        if let scopes { parameters.append(("scope", try configuration.quirks.scopeParameterValue(scopes.map(\.rawValue)))) }
        // A DPoP-bound refresh token is good only with its key's proof (RFC 9449 §5).
        var tokens = try await TokenEndpointExchange.tokens(parameters, dpopKey: signIn.tokens.dpopKey, configuration: configuration,
                                                            authentication: authentication, transport: transport, nonces: dpopNonces, now: now)
        if tokens.refreshToken == nil { tokens.refreshToken = refreshToken }
        do throws(OAuthError) {
            var renewed = try await renewedSignIn(tokens, refreshing: signIn, now: now)
            renewed.authenticatedAt = signIn.authenticatedAt ?? renewed.authenticatedAt
            return renewed
        } catch {
            // Nobody may use these tokens; leaving the refresh token valid would leave a live
            // grant behind that no app holds.
            if let rotated = tokens.refreshToken, configuration.endpoints.revocation != nil {
                try? await revokeIfPossible(rotated, hint: .refreshToken)
            }
            throw OAuthError(error.kind, error.message + "; the refresh's tokens were revoked and the sign-in cannot go on",
                             protocolError: error.protocolError, httpStatus: error.httpStatus, idTokenFailure: error.idTokenFailure,
                             underlyingError: error.underlyingError)
        }
    }

    /// The sign-in a refresh response makes, its ID token (if any) checked against the original;
    /// throws only ``OAuthError/Kind/invalidIDToken`` (a refused token).
    private func renewedSignIn(_ response: TokenSet, refreshing signIn: SignIn<Provider>, now: Date) async throws(OAuthError) -> SignIn<Provider> {
        var tokens = response
        var idToken = signIn.idToken
        if let raw = tokens.idToken, let validator = idTokenValidator, raw != signIn.idToken?.rawValue {
            do throws(OAuthError) {
                if let original = signIn.idToken {
                    idToken = try await validator.validateRefreshed(raw, original: original, now: now)
                } else {
                    idToken = try await validator.validate(raw, nonce: nil, now: now)
                }
            } catch where error.kind != .invalidIDToken {
                // The provider's keys could not be read now: this token is left out, as a refresh
                // response may leave it out; the tokens themselves came from the token endpoint.
                tokens.idToken = signIn.tokens.idToken
            }
        } else {
            // None, the original again (some providers repeat it, expired by now), or one this
            // client cannot verify.
            tokens.idToken = signIn.tokens.idToken
        }
        return try SignIn(tokens: tokens, idToken: idToken)
    }

    /// The pending authorization must be this client's, and recent.
    private func check(_ pending: PendingAuthorization<Provider>, now: Date) throws(OAuthError) {
        guard pending.clientID == clientID else {
            throw OAuthError(.pendingAuthorizationMismatch, "expected a pending authorization for client \"\(clientID)\", found one for \"\(pending.clientID)\"")
        }
        guard pending.issuer == configuration.issuer else {
            throw OAuthError(.pendingAuthorizationMismatch,
                             "expected a pending authorization for issuer \(configuration.issuer.map { "\"\($0)\"" } ?? "none"), found one for \(pending.issuer.map { "\"\($0)\"" } ?? "none")")
        }
        let age = now.timeIntervalSince(pending.createdAt)
        guard age <= pendingAuthorizationLifetime else {
            throw OAuthError(.pendingAuthorizationExpired,
                             "expected a pending authorization at most \(Int(pendingAuthorizationLifetime)) s old, found one \(Int(age)) s old; start a new sign-in")
        }
        guard age >= -120 else {
            throw OAuthError(.pendingAuthorizationExpired, "expected a pending authorization made in the past, found one dated \(Int(-age)) s ahead")
        }
    }
}

extension OAuthClient where Provider == DiscoveredProvider {
    /// A client of a provider described at run time, from a configuration the app read or
    /// fetched (``ProviderConfiguration/init(discoveryDocument:expectedIssuer:client:)``).
    /// A generated provider makes its client with `Provider.client()` instead, whose
    /// configuration is the one it was built from.
    ///
    /// - Parameters:
    ///   - configuration: the provider.
    ///   - clientID: overrides the configuration's default client ID.
    ///   - clientSecret: only for providers that insist on one (RFC 8252 §8.5: it is not secret in an app).
    ///   - transport: the way out to the network.
    ///   - codeExchange: where codes are exchanged; `nil` for the provider's token endpoint.
    ///   - clockSkew: the clock difference ID token times may show, in seconds.
    ///   - pendingAuthorizationLifetime: a pending authorization older than this is refused.
    ///   - allowInsecureLoopback: accept `http` endpoints on 127.0.0.1 or [::1] (local
    ///     development servers only).
    ///   - dpopKeyStorage: where each sign-in's DPoP key is made (DPoP-bound providers only).
    public init(
        configuration: ProviderConfiguration,
        clientID: String? = nil,
        clientSecret: String? = nil,
        transport: any HTTPTransport = URLSessionTransport(),
        codeExchange: (any CodeExchange)? = nil,
        clockSkew: TimeInterval = 120,
        pendingAuthorizationLifetime: TimeInterval = 600,
        allowInsecureLoopback: Bool = false,
        dpopKeyStorage: DPoPKeyStorage = .software
    ) throws(OAuthError) {
        try self.init(overriding: configuration, clientID: clientID, clientSecret: clientSecret, transport: transport, codeExchange: codeExchange,
                      clockSkew: clockSkew, pendingAuthorizationLifetime: pendingAuthorizationLifetime,
                      allowInsecureLoopback: allowInsecureLoopback, dpopKeyStorage: dpopKeyStorage)
    }
}

extension OAuthClient where Provider: SupportsRevocation {
    /// Revokes a token (RFC 7009). Revoking a token the server does not know is a success.
    public func revoke(_ token: String, hint: TokenTypeHint? = nil) async throws(OAuthError) {
        try await revokeIfPossible(token, hint: hint)
    }
}

extension OAuthClient {
    /// Revocation for any provider; a session signing out calls it whatever the provider type.
    func revokeIfPossible(_ token: String, hint: TokenTypeHint?) async throws(OAuthError) {
        guard let endpoint = configuration.endpoints.revocation else { throw OAuthError.missingEndpoint("revocation endpoint") }
        var parameters = [("token", token)]
        if let hint { parameters.append(("token_type_hint", hint.rawValue)) }
        let response = try await TokenEndpointExchange.post(parameters, to: endpoint, name: "revocation endpoint", configuration: configuration,
                                                            authentication: authentication, transport: transport)
        guard response.status == 200 else {
            throw TokenResponseDecoder.failure(for: response, quirks: configuration.quirks.tokenResponse, endpoint: "revocation endpoint")
        }
    }
}

extension OAuthClient where Provider: SupportsUserInfo {
    /// The userinfo response as the provider's `UserInfo`. For an OpenID provider its `sub` must
    /// equal the ID token's (OIDC Core §5.3.2); an OAuth-only provider's has no such member.
    public func userInfo(_ signIn: SignIn<Provider>) async throws(OAuthError) -> Provider.UserInfo {
        guard let endpoint = configuration.endpoints.userinfo else { throw OAuthError.missingEndpoint("userinfo endpoint") }
        let response = try await sendAuthorized(HTTPRequest(method: "GET", url: endpoint, headers: ["Accept": "application/json"]),
                                                tokens: signIn.tokens, name: "userinfo endpoint")
        guard response.status == 200 else {
            throw OAuthError.unexpectedResponse(status: response.status, contentType: response.mediaType, endpoint: "userinfo endpoint")
        }
        // A signed userinfo response (application/jwt) would need its own verification; not accepted.
        guard response.mediaType == "application/json" || response.mediaType == nil else {
            throw OAuthError.invalidUserInfo("a response of type \(response.mediaType ?? "none") (only JSON is accepted)")
        }
        if isOpenID {
            guard let object = try? JSONDecoder().decode([String: ClaimValue].self, from: response.body) else {
                throw OAuthError.invalidUserInfo("a body that is not a JSON object")
            }
            guard let subject = object["sub"]?.stringValue else { throw OAuthError.invalidUserInfo("no \"sub\" string") }
            if let expected = signIn.idToken?.subject, subject != expected { throw OAuthError.userInfoSubjectMismatch }
        }
        do {
            return try JSONDecoder().decode(Provider.UserInfo.self, from: response.body)
        } catch {
            throw OAuthError.invalidUserInfo("a body that does not decode as \(Provider.UserInfo.self): \(DecodingErrorText.describe(error))",
                                             underlying: error)
        }
    }
}

extension OAuthClient where Provider: SupportsEndSession {
    /// The RP-initiated logout URL (OpenID Connect RP-Initiated Logout 1.0) for a sign-in.
    public func endSessionURL(for signIn: SignIn<Provider>, postLogoutRedirectURI: URL? = nil, state: String? = nil) -> URL {
        guard let url = endSessionURL(idTokenHint: signIn.idToken, postLogoutRedirectURI: postLogoutRedirectURI, state: state) else {
            preconditionFailure("a provider that supports end-session has an end-session endpoint")
        }
        return url
    }
}

extension OAuthClient where Provider == DiscoveredProvider {
    /// The RP-initiated logout URL, if the provider described at run time has an end-session endpoint.
    public func endSessionURL(for signIn: SignIn<Provider>, postLogoutRedirectURI: URL? = nil, state: String? = nil) -> URL? {
        endSessionURL(idTokenHint: signIn.idToken, postLogoutRedirectURI: postLogoutRedirectURI, state: state)
    }
}

extension OAuthClient {
    func endSessionURL(idTokenHint: VerifiedIDToken?, postLogoutRedirectURI: URL?, state: String?) -> URL? {
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
}

/// RFC 7009 §2.1 `token_type_hint`.
public enum TokenTypeHint: String, Sendable, Hashable {
    /// The token is an access token.
    case accessToken = "access_token"
    /// The token is a refresh token.
    case refreshToken = "refresh_token"
}
