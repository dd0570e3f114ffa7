import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

/// What a resource's refusal asks of the next authorization (RFC 6750 §3.1, RFC 9470), bounded so
/// that asking again can never loop: a refusal that names nothing beyond what was granted asks
/// for nothing.
public enum StepUp {
    /// The scopes to authorize again with after `response`: the union of `granted` and the
    /// scopes a 403 `insufficient_scope` challenge names, in that order; `nil` when the response
    /// is not such a refusal or names no scope beyond `granted`.
    public static func scopes(after response: HTTPURLResponse, granted: [String]) -> [String]? {
        scopes(for: ResourceRefusal(response), granted: granted)
    }

    /// ``scopes(after:granted:)`` for a refusal already read.
    @_spi(BuildingBlocks)
    public static func scopes(for refusal: ResourceRefusal, granted: [String]) -> [String]? {
        guard case .insufficientScope(let wanted) = refusal else { return nil }
        let missing = wanted.filter { !granted.contains($0) }
        guard !missing.isEmpty else { return nil }
        var union = granted
        for scope in missing where !union.contains(scope) { union.append(scope) }
        return union
    }

    /// What a 401 `insufficient_user_authentication` (RFC 9470 §3) asks the next sign-in for:
    /// its `acr_values` and `max_age`; `nil` for any other response.
    public static func authentication(after response: HTTPURLResponse) -> (acrValues: [String], maxAge: Int?)? {
        guard case .insufficientAuthentication(let acrValues, let maxAge) = ResourceRefusal(response) else {
            return nil
        }
        return (acrValues, maxAge)
    }

    /// Whether a sign-in already has what an RFC 9470 challenge asks for: its ID token's `acr`
    /// is one of `acrValues` (when any) and it authenticated at most `maxAge` seconds before
    /// `now` (when given). Such a challenge asks for less than the sign-in has, and is refused
    /// rather than answered with another sign-in. A sign-in without an ID token shows neither.
    public static func isMet(
        acr: String?, authenticatedAt: Date?, hasIDToken: Bool, acrValues: [String], maxAge: Int?, now: Date
    ) -> Bool {
        guard hasIDToken else { return false }
        if !acrValues.isEmpty, !acrValues.contains(acr ?? "") { return false }
        if let maxAge {
            guard let authenticatedAt, now.timeIntervalSince(authenticatedAt) <= TimeInterval(maxAge) else {
                return false
            }
        }
        return true
    }

    /// Why a sign-in made for such a challenge does not meet its `acr_values`, or `nil` when it
    /// does (RFC 9470 §5, OIDC Core §2): its ID token's `acr` must be one of them, when any were
    /// asked for. (Its `max_age` is the code exchange's to check, as for every sign-in that asks
    /// for one.) A sign-in without an ID token (an OAuth-only server) cannot show its `acr`: the
    /// resource checks its new token itself.
    public static func authenticationProblem(acr: String?, hasIDToken: Bool, acrValues: [String]) -> String? {
        guard hasIDToken, !acrValues.isEmpty, !acrValues.contains(acr ?? "") else { return nil }
        return
            "expected the new ID token's acr to be one of \(acrValues.joined(separator: ", ")), found \(acr ?? "none")"
    }

    /// The scopes a step-up's new grant lacks that the sign-in it would replace has, in the
    /// kept sign-in's order (empty when it keeps them all). `granted` is the token response's
    /// `scope`; absent, it is the scopes asked for (RFC 6749 §5.1). Keeping a grant that lacks
    /// some would trade a stronger sign-in for a weaker one, which a resource's challenge must
    /// never be able to cause.
    public static func scopesLost(keeping kept: [String], granted: [String]?, asked: [String]) -> [String] {
        let now = Set(granted ?? asked)
        return kept.filter { !now.contains($0) }
    }
}
