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
        if let unattended = unattendedSignIn {
            try await signIn(with: unattended, scopes: scopes, replacing: kept)
            return
        }
        guard interaction == .allowed else {
            throw OAuthError(
                .interactionRequired,
                "expected to sign in to \(resource.absoluteString) with the scopes \(scopes.joined(separator: " ")), found interaction not allowed (ProtectedResourceSession.interaction is .never)"
            )
        }
        let session = try await oauthSession()
        // Every authorization request counts, the first sign-in's too (``StepUpLimits``).
        try await stepUpLimits.spend(in: session, for: resource)
        if let presenter = deviceCodePresenter {
            let signIn = try await deviceSignIn(
                scopes: scopes, acrValues: acrValues, maxAge: maxAge, presenter: presenter)
            try await keep(signIn, in: session, asked: scopes, replacing: kept)
            return
        }
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

    /// A sign-in with no user (an ID-JAG, client credentials, a workload's JWT): nothing opens,
    /// whatever ``interaction`` says. A step-up's challenge was refused before
    /// (``stepUp(for:)``).
    func signIn(
        with unattended: UnattendedSignIn, scopes: [String], replacing kept: [String]?
    )
        async throws(OAuthError)
    {
        let session = try await oauthSession()
        let found = try await discovery()
        let signIn = try await unattended.signIn(scopes: scopes, found: found, client: session.client)
        countUnattendedSignIn(unattended)
        try await keep(signIn, in: session, asked: scopes, replacing: kept)
    }

    /// Counts a sign-in or renewal with no user (an ID-JAG redeemed, for an enterprise identity).
    func countUnattendedSignIn(_ unattended: UnattendedSignIn) {
        unattendedSignIns += 1
        if case .enterprise = unattended { identityAssertionsRedeemed += 1 }
    }
}
