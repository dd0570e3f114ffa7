import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// How far a resource may push the user: the bounds on its step-ups and their spend.
///
/// A resource's 403 `insufficient_scope` names the scopes it wants (RFC 6750 §3.1), and its 401
/// `insufficient_user_authentication` a fresher or stronger sign-in (RFC 9470 §3): each opens
/// the user agent again. The MCP authorization spec takes the challenge's scopes as
/// authoritative, so what keeps a hostile or broken resource from asking forever is here: at most
/// ``maximumScopes`` in one request, at most ``maximumStepUps`` step-ups in any ``window``.
///
/// The spend is kept with the sign-in in the store (`StepUpLedger`), under the store's locks:
/// every session and process on the store spends from one budget.
public struct StepUpLimits: Sendable, Hashable {
    /// The most scopes a step-up may ask for in all, so a resource cannot grow a request forever.
    public var maximumScopes: Int
    /// The most step-ups (a sign-in for more scopes, or for a fresher or stronger
    /// authentication) in any ``window``: past it, `OAuthError/Kind/stepUpLimitReached`.
    public var maximumStepUps: Int
    /// The window ``maximumStepUps`` counts in, in seconds.
    public var window: TimeInterval

    /// Limits; each left out keeps its default: 32 scopes, 3 step-ups in 10 minutes.
    public init(maximumScopes: Int = 32, maximumStepUps: Int = 3, window: TimeInterval = 600) {
        self.maximumScopes = maximumScopes
        self.maximumStepUps = maximumStepUps
        self.window = window
    }

    /// Whether a step-up may ask for `scopes`.
    func allows(scopes: [String]) -> Bool {
        scopes.count <= maximumScopes
    }

    /// Counts one step-up in the ledger kept with `session`'s sign-in, or throws
    /// `OAuthError/Kind/stepUpLimitReached` when ``maximumStepUps`` were made in the last
    /// ``window``, by this session or any other on the store.
    func spend(
        in session: OAuthSession<DiscoveredProvider>, for resource: URL, now: Date = Date()
    ) async throws(OAuthError) {
        let (maximum, window) = (maximumStepUps, window)
        guard try await session.updateStepUps({ $0.spend(now: now, maximum: maximum, window: window) }) else {
            throw OAuthError(
                .stepUpLimitReached,
                "expected \(resource.absoluteString) to be satisfied by \(maximum) step-ups in \(Int(window)) s, found it asking for another:"
                    + " nothing opens until the window has passed")
        }
    }
}
