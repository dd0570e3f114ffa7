import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// How the session signs in: by its method, a person involved only where ``interaction`` allows;
// a new sign-in is kept only if it keeps what a step-up's predecessor had.
extension ProtectedResourceSession {
    /// Signs in with `scopes` instead of the ones the resource names (an app that knows what it
    /// will ask for), by the session's sign-in method; the sign-in is kept as any other.
    public func signIn(scopes: [String]) async throws(OAuthError) {
        try await signIn(SignInDemand(scopes: scopes), replacing: nil)
    }

    /// Signs in for `demand` by the visited server's method: one involving a person only if
    /// ``interaction`` allows, and within ``stepUpLimits`` (every authorization request counts,
    /// the first sign-in's too). A step-up names the scopes of the sign-in it would replace: a
    /// new grant without all of them is refused (`OAuthError/Kind/stepUpNarrowed`) and the
    /// stronger sign-in stays.
    func signIn(_ demand: SignInDemand, replacing kept: [String]?) async throws(OAuthError) {
        let visit = try await currentVisit()
        let method = visit.method
        if method.involvesPerson, interaction != .allowed {
            throw OAuthError(
                .interactionRequired,
                "expected to sign in to \(resource.absoluteString) with the scopes \(demand.scopes.joined(separator: " ")), found interaction not allowed (ProtectedResourceSession.interaction is .never)"
            )
        }
        let session = try await oauthSession()
        if method.involvesPerson { try await stepUpLimits.spend(in: session, for: resource, now: policy.now()) }
        let context = ResourceSignInContext(
            client: session.client, found: visit.found, resource: resource, now: policy.now)
        let operation = TelemetryOperation(
            "oauth.sign_in", counter: .signIns, timer: .signInDuration,
            dimensions: [("grant", method.grant.grantType)],
            attributes: [(.issuer, visit.found.configuration.issuer), (.clientID, session.client.clientID)])
        let signIn = try await telemetry.run(operation) { _ async throws(OAuthError) in
            try await method.signIn(for: demand, in: context)
        }
        if !method.involvesPerson { countUnattendedSignIn(by: method) }
        try await keep(signIn, in: session, asked: demand.scopes, replacing: kept)
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
        if let visit, let binding = visit.pendingBinding {
            try await visit.registrar.keep(binding)
            self.visit?.pendingBinding = nil
        }
    }

    /// Counts a sign-in or renewal with no person (and an ID-JAG redeemed, for that grant).
    func countUnattendedSignIn(by method: any ResourceSignInMethod) {
        unattendedSignIns += 1
        if method.grant == .identityAssertion { identityAssertionsRedeemed += 1 }
    }
}
