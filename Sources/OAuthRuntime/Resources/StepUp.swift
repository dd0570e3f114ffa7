import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthPolicy

/// What a resource's refusal asks of the next authorization (RFC 6750 §3.1, RFC 9470), bounded so
/// that asking again can never loop: a refusal that names nothing beyond what was granted asks
/// for nothing.
public enum StepUp {
    /// The scopes to authorize again with after `response`: the union of `granted` and the
    /// scopes a 403 `insufficient_scope` challenge names, in that order; `nil` when the response
    /// is not such a refusal or names no scope beyond `granted`.
    public static func scopes(after response: HTTPURLResponse, granted: [String]) -> [String]? {
        guard response.statusCode == 403 else { return nil }
        let challenges = ResourceChallenge.challenges(response.value(forHTTPHeaderField: "WWW-Authenticate"))
        guard let challenge = challenges.first(where: { ($0.isScheme("Bearer") || $0.isScheme("DPoP")) && $0.error == "insufficient_scope" }),
              let wanted = challenge.scopes else { return nil }
        let missing = wanted.filter { !granted.contains($0) }
        guard !missing.isEmpty else { return nil }
        var union = granted
        for scope in missing where !union.contains(scope) { union.append(scope) }
        return union
    }
}
