import Foundation

// The refresh token grant (RFC 6749 §6) and what a refreshed ID token must keep (OIDC Core §12.2).
extension OAuthClient {
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
    public func refresh(
        _ signIn: SignIn<Provider>, scopes: [Provider.Scope]? = nil, now: Date = Date()
    ) async throws(OAuthError) -> SignIn<Provider> {
        guard let refreshToken = signIn.tokens.refreshToken else {
            throw OAuthError.invalidRequest("expected a refresh token to refresh with, found none")
        }
        var parameters = [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
        let omitsResource = configuration.quirks.omitsResourceOnRefresh && configuration.resource != nil
        if let scopes {
            parameters.append(("scope", try configuration.quirks.scopeParameterValue(scopes.map(\.rawValue))))
        } else if omitsResource, let granted = signIn.tokens.scopes, !granted.isEmpty {
            // Such a server binds the audience by the scopes (Entra v2's `api://…/.default`).
            parameters.append(("scope", try configuration.quirks.scopeParameterValue(granted)))
        }
        // A DPoP-bound refresh token is good only with its key's proof (RFC 9449 §5).
        var tokens = try await TokenEndpointExchange.tokens(
            parameters, dpopKey: signIn.tokens.dpopKey, configuration: configuration,
            authentication: authentication, transport: transport, nonces: dpopNonces, now: now,
            namesResource: !omitsResource)
        if tokens.refreshToken == nil { tokens.refreshToken = refreshToken }
        // A new device secret on a refresh goes to the family, with the new ID token (Native SSO
        // draft 07 §3.4.3), never into the app's own store.
        let deviceSecret = tokens.deviceSecret
        tokens.deviceSecret = nil
        do throws(OAuthError) {
            var renewed = try await renewedSignIn(tokens, refreshing: signIn, now: now)
            renewed.authenticatedAt = signIn.authenticatedAt ?? renewed.authenticatedAt
            await keepRenewed(deviceSecret: deviceSecret, of: renewed, now: now)
            return renewed
        } catch {
            // Nobody may use these tokens; leaving the refresh token valid would leave a live
            // grant behind that no app holds.
            if let rotated = tokens.refreshToken, configuration.endpoints.revocation != nil {
                try? await sendRevocation(rotated, hint: .refreshToken)
            }
            throw OAuthError(
                error.kind, error.message + "; the refresh's tokens were revoked and the sign-in cannot go on",
                protocolError: error.protocolError, httpStatus: error.httpStatus, idTokenFailure: error.idTokenFailure,
                underlyingError: error.underlyingError)
        }
    }

    /// Keeps a device secret a refresh brought for the family; the app's refresh stands whatever
    /// happens to it, so a failure is logged, not thrown.
    private func keepRenewed(deviceSecret: String?, of signIn: SignIn<Provider>, now: Date) async {
        do {
            try await keep(deviceSecret: deviceSecret, of: signIn, in: options.family, now: now)
        } catch {
            options.telemetry.logger.notice(
                "the family's new device secret was not kept",
                metadata: [OAuthTelemetryKey.errorType.rawValue: "\(error.kind)"])
        }
    }

    /// The sign-in a refresh response makes, its ID token (if any) checked against the original;
    /// throws only ``OAuthError/Kind/invalidIDToken`` (a refused token).
    func renewedSignIn(
        _ response: TokenSet, refreshing signIn: SignIn<Provider>, now: Date
    ) async throws(OAuthError) -> SignIn<Provider> {
        var tokens = response
        var idToken = signIn.idToken
        if let raw = tokens.idToken, let validator = idTokenValidator, raw != signIn.idToken?.rawValue {
            do throws(OAuthError) {
                if let original = signIn.idToken {
                    idToken = try await validator.validateRefreshed(raw, original: original, now: now)
                } else {
                    idToken = try await validator.validate(raw, nonce: nil, now: now)
                }
            } catch  where error.kind != .invalidIDToken {
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
}
