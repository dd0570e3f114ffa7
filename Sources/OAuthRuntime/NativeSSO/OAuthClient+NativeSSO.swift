import Foundation

// OpenID Connect Native SSO for Mobile Apps 1.0 (draft 07): the first app of a family asks for
// `device_sso` and keeps the device secret with its ID token (§3); a sibling exchanges the two
// for tokens of its own at the token endpoint (§4, RFC 8693), with no browser.
extension OAuthClient {
    /// The scope that asks for a device secret (§3.1).
    static var deviceSSOScope: String { "device_sso" }

    /// Whether this client's authorization requests ask for `device_sso`: it belongs to a family,
    /// signs users in with OpenID Connect, and its provider supports Native SSO (§5: its discovery
    /// document says so, or its quirk file names the family, which the build warns about).
    var asksForDeviceSecret: Bool {
        options.family != nil && isOpenID && configuration.metadata.nativeSSOSupported
    }

    /// Keeps `deviceSecret` with the sign-in's ID token for the family, when the ID token carries
    /// `ds_hash` and `sid` (§3.4.1): without them no sibling could be signed in from it.
    func keep(
        deviceSecret: String?, of signIn: SignIn<Provider>, in family: AppFamily?, now: Date
    ) async throws(OAuthError) {
        guard let family, let deviceSecret, let idToken = signIn.idToken, let issuer = configuration.issuer else {
            return
        }
        guard FamilyIDToken.missingClaim(in: idToken) == nil else {
            options.telemetry.logger.notice(
                "a device secret came without ds_hash and sid in the ID token: not kept for the family")
            return
        }
        let kept = FamilySignIn(
            issuer: issuer, clientID: clientID, idToken: idToken.rawValue, deviceSecret: deviceSecret, keptAt: now)
        do {
            try await family.store.save(kept)
        } catch {
            throw OAuthError.storageFailed("keeping the family's sign-in", error)
        }
    }
}

// What a family's app can do, for a provider whose apps share a sign-in: on any other provider
// these do not compile.
extension OAuthClient where Provider: SupportsNativeSSO {
    /// Whether the family has a sign-in at this provider for this app to sign in from: no request
    /// is made, so the answer does not say the server will accept it.
    public func familySignInAvailable() async -> Bool {
        guard let family = options.family, let issuer = configuration.issuer else { return false }
        return (try? await family.store.load(issuer: issuer)) != nil
    }

    /// Signs in from the sign-in a sibling app of the family kept (§4.2): one token exchange
    /// carrying the family's ID token and device secret, no browser. The tokens are this app's
    /// own, with their own refresh token; the new ID token must name the same user.
    ///
    /// Throws ``OAuthError/Kind/noFamilySignIn`` when no sibling has signed in,
    /// ``OAuthError/Kind/familyIDTokenRefused`` when the family's ID token is not the provider's
    /// (checked before it is sent) or the server refuses it once expired,
    /// ``OAuthError/Kind/deviceSecretRefused`` when the server refuses the device secret, and
    /// ``OAuthError/Kind/notInFamily`` when the server does not let this client sign in so. After
    /// any of them the app signs in on its own.
    public func signInFromFamily(
        scopes: [Provider.Scope]? = nil, now: Date = Date()
    ) async throws(OAuthError) -> SignIn<Provider> {
        guard let family = options.family, let issuer = configuration.issuer, let validator = idTokenValidator else {
            throw OAuthError.invalidConfiguration(
                "expected a client of an OpenID provider with a family (ClientOptions.family), found none")
        }
        let shared: FamilySignIn?
        do {
            shared = try await family.store.load(issuer: issuer)
        } catch {
            throw OAuthError.storageFailed("reading the family's sign-in", error)
        }
        guard let shared else {
            throw OAuthError(.noFamilySignIn, "expected a sign-in of the family at \(issuer), found none")
        }
        let original = try await FamilyIDToken.verified(shared, validator: validator, now: now)
        let request = TokenExchangeRequest(
            subjectToken: shared.idToken, subjectTokenType: .idToken, actorToken: shared.deviceSecret,
            actorTokenType: configuration.quirks.deviceSecretTokenType, audience: [issuer],
            scopes: requestedScopes(scopes))
        var tokens: TokenSet
        do {
            tokens = try await TokenEndpointExchange.tokens(
                // §5: a server saying native_sso_supported takes the exchange, whether or not it
                // lists grant types (OpenID Connect Discovery's default omits it).
                try tokenExchangeParameters(request, grantImplied: configuration.metadata.nativeSSOSupported),
                dpopKey: usesDPoP ? try dpopKeyStorage.makeKey() : nil,
                configuration: configuration, authentication: authentication, transport: transport,
                nonces: dpopNonces, now: now, namesResource: false)
        } catch {
            throw FamilyRefusal.error(for: error, idTokenExpired: original.expiresAt < now)
        }
        let renewedSecret = tokens.deviceSecret
        tokens.deviceSecret = nil
        let signIn = try await verifiedSignIn(tokens, nonce: nil, now: now)
        if let idToken = signIn.idToken, idToken.subject != original.subject {
            throw OAuthError.invalidIDToken(.subjectChanged)
        }
        // A server may rotate the device secret on the exchange (§4.4): the family keeps the new one.
        try await keep(deviceSecret: renewedSecret, of: signIn, in: family, now: now)
        return signIn
    }

    /// Removes the family's sign-in at this provider: every app of the family signs in on its own
    /// from now on. The app's own sign-in is its session's to end.
    public func forgetFamilySignIn() async throws(OAuthError) {
        guard let family = options.family, let issuer = configuration.issuer else { return }
        do {
            try await family.store.remove(issuer: issuer)
        } catch {
            throw OAuthError.storageFailed("removing the family's sign-in", error)
        }
    }
}
