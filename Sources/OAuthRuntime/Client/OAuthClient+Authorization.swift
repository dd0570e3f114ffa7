import Foundation

// The authorization code flow: the request (pushed first where the provider wants it), the
// callback, and the code exchange (RFC 6749 §4.1, RFC 7636, RFC 9126, RFC 9207).
extension OAuthClient {
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
    public func authorizationRequest(
        redirectURI: URL, scopes: [Provider.Scope]? = nil, parameters: AuthorizationParameters<Provider> = .init(),
        now: Date = Date()
    ) async throws(OAuthError) -> AuthorizationRequest<Provider> {
        var names = requestedScopes(scopes)
        // A family's app asks for a device secret to share (Native SSO draft 07 §3.1).
        if asksForDeviceSecret, !names.contains(Self.deviceSSOScope) { names.append(Self.deviceSSOScope) }
        let request = try AuthorizationRequest<Provider>(
            configuration: configuration, clientID: clientID, redirectURI: redirectURI,
            scopes: names, additionalParameters: try parameters.queryParameters(),
            maxAge: parameters.maxAge,
            dpopKey: usesDPoP ? try dpopKeyStorage.makeKey() : nil, now: now)
        return pushesAuthorizationRequests ? try await pushed(request, now: now) : request
    }

    /// Checks the pending authorization and the callback, exchanges the code and verifies the ID token.
    public func finishAuthorization(
        callback: URL, pending: PendingAuthorization<Provider>, now: Date = Date()
    ) async throws(OAuthError) -> SignIn<Provider> {
        try check(pending, now: now)
        let code = try AuthorizationCallback.validate(callback, pending: pending, metadata: configuration.metadata)
        return try await exchange(code, pending: pending, now: now)
    }

    /// Exchanges a checked code (RFC 6749 §4.1.3, with the PKCE verifier) and verifies the ID token.
    @_spi(BuildingBlocks)
    public func exchange(
        _ code: AuthorizationCode, pending: PendingAuthorization<Provider>, now: Date = Date()
    ) async throws(OAuthError) -> SignIn<Provider> {
        try check(pending, now: now)
        let requireIDToken = isOpenID && pending.scopes.contains("openid")
        let grant = CodeGrant(
            code: code.code, codeVerifier: pending.pkce.method == .none ? nil : pending.pkce.verifier,
            redirectURI: pending.redirectURI, clientID: clientID, dpopKey: pending.dpopKey)
        var tokens = try await codeExchange.tokens(for: grant, now: now)
        if let key = grant.dpopKey {
            // Whatever exchanged the code, a bearer token here would be one the provider did not
            // bind to the key the request named.
            guard tokens.tokenType == "DPoP" else {
                throw OAuthError.invalidTokenResponse(
                    "the token type \"\(tokens.tokenType)\" for a code bound to a DPoP key (RFC 9449 §5 requires DPoP)")
            }
            tokens.dpopKey = key
        }
        if requireIDToken, tokens.idToken == nil {
            throw OAuthError.invalidTokenResponse("no \"id_token\" in an OpenID Connect code flow response")
        }
        // The family's store keeps the device secret, never the app's own (Native SSO draft 07 §3.4).
        let deviceSecret = tokens.deviceSecret
        tokens.deviceSecret = nil
        let signIn = try await verifiedSignIn(tokens, nonce: pending.nonce, now: now)
        if let maxAge = pending.maxAge, let idToken = signIn.idToken {
            try Self.check(authTime: idToken.authTime, maxAge: maxAge, now: now, clockSkew: options.clockSkew)
        }
        if pending.scopes.contains(Self.deviceSSOScope) {
            try await keep(deviceSecret: deviceSecret, of: signIn, in: options.family, now: now)
        }
        return signIn
    }

    /// OIDC Core §3.1.2.1: an ID token answering a request with `max_age` must carry
    /// `auth_time`; §3.1.3.7 step 13: one older than `max_age` (give or take `clockSkew`) is a
    /// sign-in that did not authenticate the user again as asked.
    static func check(authTime: Date?, maxAge: Int, now: Date, clockSkew: TimeInterval) throws(OAuthError) {
        guard let authTime else {
            throw OAuthError.invalidIDToken(.missingClaim("auth_time"))
        }
        let age = now.timeIntervalSince(authTime)
        if age > TimeInterval(maxAge) + clockSkew {
            throw OAuthError(
                .insufficientAuthentication,
                "expected the user to have authenticated at most \(maxAge) s ago (max_age), found \(Int(age)) s (the ID token's auth_time)"
            )
        }
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

    /// The pending authorization must be this client's, and recent.
    func check(_ pending: PendingAuthorization<Provider>, now: Date) throws(OAuthError) {
        guard pending.clientID == clientID else {
            throw OAuthError(
                .pendingAuthorizationMismatch,
                "expected a pending authorization for client \"\(clientID)\", found one for \"\(pending.clientID)\"")
        }
        guard pending.issuer == configuration.issuer else {
            throw OAuthError(
                .pendingAuthorizationMismatch,
                "expected a pending authorization for issuer \(configuration.issuer.map { "\"\($0)\"" } ?? "none"), found one for \(pending.issuer.map { "\"\($0)\"" } ?? "none")"
            )
        }
        let age = now.timeIntervalSince(pending.createdAt)
        guard age <= pendingAuthorizationLifetime else {
            throw OAuthError(
                .pendingAuthorizationExpired,
                "expected a pending authorization at most \(Int(pendingAuthorizationLifetime)) s old, found one \(Int(age)) s old; start a new sign-in"
            )
        }
        guard age >= -120 else {
            throw OAuthError(
                .pendingAuthorizationExpired,
                "expected a pending authorization made in the past, found one dated \(Int(-age)) s ahead")
        }
    }
}
