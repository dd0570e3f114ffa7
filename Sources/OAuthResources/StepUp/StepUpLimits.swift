import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// How far a resource may push the user: the bounds on its step-ups and their spend.
///
/// A resource's 403 `insufficient_scope` names the scopes it wants (RFC 6750 §3.1), and its 401
/// `insufficient_user_authentication` a fresher or stronger sign-in (RFC 9470 §3): each opens
/// the user agent again. The MCP authorization spec takes the challenge's scopes as
/// authoritative, so what keeps a hostile or broken resource from asking forever is here: at most
/// ``maximumScopes`` in one request, at most ``maximumAuthorizationRequests`` authorization
/// requests for the resource in any ``window``, its first sign-in included: a resource that names
/// a new scope on every 403 gets a first sign-in and two step-ups (the MCP conformance suite's
/// `scope-retry-limit` bound), whether the scopes it names repeat or grow.
///
/// The spend is kept with the sign-in in the store (`StepUpLedger`), under the store's locks:
/// every session and process on the store spends from one budget.
public struct StepUpLimits: Sendable, Hashable {
    /// The most scopes a step-up may ask for in all, so a resource cannot grow a request forever.
    public var maximumScopes: Int
    /// The most authorization requests (each time the user agent opens or a device code is
    /// shown: the first sign-in, a sign-in for more scopes, for a fresher or stronger
    /// authentication) in any ``window``: past it, `OAuthError/Kind/stepUpLimitReached`.
    public var maximumAuthorizationRequests: Int
    /// The window ``maximumAuthorizationRequests`` counts in, in seconds.
    public var window: TimeInterval

    /// Limits; each left out keeps its default: 32 scopes, 3 authorization requests in 10 minutes.
    public init(maximumScopes: Int = 32, maximumAuthorizationRequests: Int = 3, window: TimeInterval = 600) {
        self.maximumScopes = maximumScopes
        self.maximumAuthorizationRequests = maximumAuthorizationRequests
        self.window = window
    }

    /// Whether a step-up may ask for `scopes`.
    func allows(scopes: [String]) -> Bool {
        scopes.count <= maximumScopes
    }

    /// Counts one authorization request in the ledger kept with `session`'s sign-in (in the
    /// session, until a first sign-in is kept), or throws `OAuthError/Kind/stepUpLimitReached`
    /// when ``maximumAuthorizationRequests`` were made in the last ``window``, by this session or
    /// any other on the store.
    func spend(
        in session: OAuthSession<DiscoveredProvider>, for resource: URL, now: Date
    ) async throws(OAuthError) {
        let (maximum, window) = (maximumAuthorizationRequests, window)
        guard try await session.updateStepUps({ $0.spend(now: now, maximum: maximum, window: window) }) else {
            throw OAuthError(
                .stepUpLimitReached,
                "expected \(resource.absoluteString) to be satisfied by \(maximum) authorization requests in \(Int(window)) s"
                    + " (its first sign-in included), found it asking for another: nothing opens until the window has passed"
            )
        }
    }
}
