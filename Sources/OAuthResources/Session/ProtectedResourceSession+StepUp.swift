import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) import OAuthRuntime

// What a resource's refusal asks of the session: a renewal, or a step-up within `stepUpLimits`.
extension ProtectedResourceSession {
    /// What to do about the resource's answer to a request that carried `sent` (its
    /// `Authorization` header): `true` to send the request again.
    ///
    /// - 401 `insufficient_user_authentication` (RFC 9470): sign in again with the challenge's
    ///   `acr_values` and `max_age`, and keep the new sign-in only if its ID token meets them
    ///   (`OAuthError/Kind/insufficientAuthentication` otherwise).
    /// - 401 `invalid_token`, or a 401 at all before any sign-in: renew the token (refresh once,
    ///   or sign in).
    /// - 403 `insufficient_scope` naming scopes beyond those granted: sign in again with the
    ///   union (``StepUp``), at most ``StepUpLimits/maximumScopes`` in all, only scopes the resource lists in
    ///   its `scopes_supported` (where it lists any); never for a refusal naming nothing new,
    ///   so it cannot loop.
    /// - A 401 `insufficient_user_authentication` the sign-in already meets (its ID token's
    ///   `acr` and `auth_time`) asks for less than it has: `false`, nothing opens.
    /// - At most ``StepUpLimits/maximumAuthorizationRequests`` authorization requests (the first
    ///   sign-in included) in any ``StepUpLimits/window``; past that,
    ///   `OAuthError/Kind/stepUpLimitReached`.
    public func handle(_ response: HTTPURLResponse, sent: String?) async throws(OAuthError) -> Bool {
        let refusal = ResourceRefusal(response)
        switch refusal {
        case .insufficientAuthentication, .insufficientScope:
            return try await stepUp(for: refusal)
        case .invalidToken, .unauthorized, .dpopNonce:
            guard let sent else {
                // Nothing was sent: a sign-in is what the resource asks for.
                try await signIn(SignInDemand(scopes: try await discovery().scopes), replacing: nil)
                return true
            }
            guard case .invalidToken = refusal else { return false }
            return try await oauthSession().renewAfterRejection(of: sent)
        case .other:
            return false
        }
    }

    /// A step-up for a refusal that asks for one: `true` when the user signed in again and the
    /// request should be sent again.
    func stepUp(for refusal: ResourceRefusal) async throws(OAuthError) -> Bool {
        let operation = TelemetryOperation(
            "oauth.step_up", counter: .stepUps, dimensions: [("refusal", refusal.telemetryKind ?? "other")])
        return try await telemetry.run(
            operation, outcome: { $0 ? "stepped_up" : "declined" },
            body: { _ async throws(OAuthError) in try await stepUpUnreported(for: refusal) })
    }

    /// ``stepUp(for:)``, in its span.
    private func stepUpUnreported(for refusal: ResourceRefusal) async throws(OAuthError) -> Bool {
        let session = try await oauthSession()
        switch refusal {
        case .insufficientAuthentication(let acrValues, let maxAge):
            // RFC 9470: the same scopes, a fresher or stronger authentication — unless the
            // sign-in has it already: then the challenge asks for less than it has.
            let current = try await session.currentSignIn()
            if let current,
                StepUp.isMet(
                    acr: current.authenticationContextClass?.rawValue, authenticatedAt: current.authenticatedAt,
                    hasIDToken: current.idToken != nil, acrValues: acrValues, maxAge: maxAge, now: policy.now())
            {
                return false
            }
            // The current sign-in is what a step-up for this very challenge produced (in this
            // process or another on the store), and the resource still refuses it: another
            // browser would end the same way (issue 45; RFC 9470 §4 lets a resource ask again,
            // not forever).
            let challenge = StepUpLedger.Challenge(acrValues: acrValues, maxAge: maxAge)
            if try await session.stepUpLedger().answered == challenge {
                throw OAuthError(
                    .insufficientAuthentication,
                    "expected \(resource.absoluteString) to accept the sign-in a step-up made for its challenge"
                        + " (acr_values \(acrValues.isEmpty ? "none" : acrValues.joined(separator: " ")), max_age \(maxAge.map(String.init) ?? "none")),"
                        + " found it asking again with the same challenge: another sign-in would not satisfy it")
            }
            let discoveredScopes = try await discovery().scopes
            let demand = SignInDemand(
                scopes: current?.tokens.scopes ?? discoveredScopes, acrValues: acrValues, maxAge: maxAge)
            try await currentVisit().method.requireStepUp(demand, resource: resource)
            try await signIn(demand, replacing: current?.tokens.scopes)
            stepUps += 1
            try await session.updateStepUps { $0.answered = challenge }
            return true
        case .insufficientScope:
            let found = try await discovery()
            let granted = try await session.currentSignIn()?.tokens.scopes ?? found.scopes
            // The challenge's scopes are authoritative, whatever `scopes_supported` lists (MCP
            // authorization, 2026-07-28, "Scope Selection Strategy"; RFC 9728 §2 lets a resource
            // leave scopes out of that list). What keeps a hostile resource from asking forever
            // is the bound: ``stepUpLimits``.
            guard let wanted = StepUp.scopes(for: refusal, granted: granted), stepUpLimits.allows(scopes: wanted) else {
                return false
            }
            let demand = SignInDemand(scopes: wanted)
            try await currentVisit().method.requireStepUp(demand, resource: resource)
            try await signIn(demand, replacing: granted)
            stepUps += 1
            return true
        default:
            return false
        }
    }
}
