import ArgumentParser
@_spi(BuildingBlocks) import OAuthRuntime

/// `oauthgen-login`'s options: one sign-in shared by a family of apps (OpenID Connect Native SSO).
struct NativeSSOOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            Share the sign-in with a family of apps through the folder DIR (0700, one 0600 file per \
            issuer), as OpenID Connect Native SSO does (draft 07). When DIR holds the family's sign-in at \
            --issuer, no browser opens: this client signs in from it with one token exchange (RFC 8693), \
            and a refusal (the device secret, the ID token, a client outside the family) exits 1 naming \
            it. Otherwise the sign-in goes through the browser, asks for device_sso where the provider \
            says native_sso_supported, and keeps the device secret and ID token in DIR for the family.
            """, valueName: "dir"))
    var nativeSSO: String?

    /// The family the client belongs to, if DIR was given.
    var family: AppFamily? {
        nativeSSO.map { AppFamily(store: FamilySignInFolder(path: $0)) }
    }
}

extension OAuthGenLogin {
    /// This client signed in from the family's sign-in, or `nil` when the family has none at the
    /// provider (the browser's turn). Any refusal ends the run: no browser opens unasked.
    func signInFromFamily(
        _ client: OAuthClient<DiscoveredProvider>, scopes: [ScopeValue]
    ) async throws(OAuthError) -> SignIn<DiscoveredProvider>? {
        guard nativeSSOOptions.nativeSSO != nil else { return nil }
        do {
            return try await client.signInFromFamily(scopes: scopes)
        } catch  where error.kind == .noFamilySignIn {
            return nil
        }
    }
}
