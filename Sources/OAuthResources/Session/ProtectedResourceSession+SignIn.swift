import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// How the session signs in: through the user agent, or with an ID-JAG for an enterprise identity;
// a new sign-in is kept only if it keeps what a step-up's predecessor had.
extension ProtectedResourceSession {
    /// Signs in with `scopes` instead of the ones the resource names (an app that knows what it
    /// will ask for), through the user agent if ``interaction`` allows, or with an ID-JAG for an
    /// enterprise identity; the sign-in is kept as any other.
    public func signIn(scopes: [String]) async throws(OAuthError) {
        try await signIn(scopes: scopes, acrValues: [], maxAge: nil, replacing: nil)
    }

    /// Signs in with `scopes` through the user agent, if ``interaction`` allows; with
    /// `acrValues` or `maxAge` (an RFC 9470 challenge), the new sign-in must meet them before
    /// it is kept. A step-up names the scopes of the sign-in it would replace: a new grant
    /// without all of them is refused (`OAuthError/Kind/stepUpNarrowed`) and the stronger
    /// sign-in stays.
    func signIn(scopes: [String], acrValues: [String], maxAge: Int?, replacing kept: [String]?) async throws(OAuthError)
    {
        if let enterprise = enterpriseSignIn {
            try await signIn(with: enterprise, scopes: scopes, acrValues: acrValues, maxAge: maxAge, replacing: kept)
            return
        }
        guard interaction == .allowed else {
            throw OAuthError(
                .interactionRequired,
                "expected to sign in to \(resource.absoluteString) with the scopes \(scopes.joined(separator: " ")), found interaction not allowed (ProtectedResourceSession.interaction is .never)"
            )
        }
        let session = try await oauthSession()
        let signIn = try await session.client.signIn(
            with: userAgent, redirectURI: redirectURI, scopes: scopes.map { ScopeValue(rawValue: $0) },
            parameters: AuthorizationParameters(maxAge: maxAge, acrValues: acrValues.map(AnyACRValue.init(rawValue:))))
        if let problem = StepUp.authenticationProblem(
            acr: signIn.authenticationContextClass?.rawValue, hasIDToken: signIn.idToken != nil,
            acrValues: acrValues)
        {
            throw OAuthError(.insufficientAuthentication, problem)
        }
        try await keep(signIn, in: session, asked: scopes, replacing: kept)
    }

    /// Keeps a new sign-in made with `asked`, unless it would replace one holding scopes it lacks
    /// (`OAuthError/Kind/stepUpNarrowed`): a step-up never trades a stronger sign-in for a weaker.
    private func keep(
        _ signIn: SignIn<DiscoveredProvider>, in session: OAuthSession<DiscoveredProvider>, asked: [String],
        replacing kept: [String]?
    ) async throws(OAuthError) {
        let lost = StepUp.scopesLost(keeping: kept ?? [], granted: signIn.tokens.scopes, asked: asked)
        if !lost.isEmpty {
            // Dropped, the new grant would stay live at the server with nobody to use or end it:
            // revoked, best effort (RFC 7009 §2.1: revoking the refresh token ends the grant's
            // access tokens too, where the server supports it).
            if session.client.configuration.endpoints.revocation != nil {
                if let refresh = signIn.tokens.refreshToken {
                    try? await session.client.sendRevocation(refresh, hint: .refreshToken)
                } else {
                    try? await session.client.sendRevocation(signIn.tokens.accessToken, hint: .accessToken)
                }
            }
            throw OAuthError(
                .stepUpNarrowed,
                "expected the step-up's sign-in to \(resource.absoluteString) to keep the scopes the sign-in had, found it without \(lost.joined(separator: " ")): the earlier sign-in is kept"
            )
        }
        try await session.keep(signIn)
        // A pre-registered client's first server is its home only once a sign-in there succeeded.
        if let binding = pendingBinding {
            try await registrar.keep(binding)
            pendingBinding = nil
        }
    }

    /// A sign-in with an ID-JAG: nothing opens, whatever ``interaction`` says, since the
    /// identity provider's sign-in is what authorizes it. What only the user can give there (a
    /// fresher or stronger authentication, RFC 9470) is asked of the app instead.
    func signIn(
        with enterprise: EnterpriseSignIn, scopes: [String], acrValues: [String], maxAge: Int?,
        replacing kept: [String]?
    )
        async throws(OAuthError)
    {
        try enterprise.requireNoChallenge(acrValues: acrValues, maxAge: maxAge, resource: resource)
        let session = try await oauthSession()
        let found = try await discovery()
        let signIn = try await enterprise.redeem(
            audience: found.configuration.issuer ?? "", resource: found.resource.identifier,
            scopes: scopes, client: session.client)
        countRedemption()
        try await keep(signIn, in: session, asked: scopes, replacing: kept)
    }

    /// Counts an ID-JAG redeemed, for a sign-in or a renewal.
    func countRedemption() {
        identityAssertionsRedeemed += 1
    }
}
