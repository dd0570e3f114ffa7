import Foundation

/// An issuer with placeholders that are only known at run time.
///
/// Microsoft Entra's multi-tenant discovery document names its issuer
/// `https://login.microsoftonline.com/{tenantid}/v2.0`; each ID token carries the real tenant in
/// its `tid` claim. The runtime resolves the placeholder from that claim and then compares exactly.
public struct IssuerTemplate: Sendable, Hashable, Codable {
    /// The placeholders in the issuer, each with the ID token claim that supplies its value.
    public var placeholders: [Placeholder]

    /// One `{name}` placeholder in the issuer.
    public struct Placeholder: Sendable, Hashable, Codable {
        /// The text between the braces, e.g. `tenantid`.
        public var name: String
        /// The ID token claim whose value replaces it, e.g. `tid`.
        public var claim: String

        /// A placeholder and the claim that fills it.
        public init(name: String, claim: String) {
            self.name = name
            self.claim = claim
        }
    }

    /// A template with its placeholders.
    public init(placeholders: [Placeholder]) {
        self.placeholders = placeholders
    }

    /// Replaces every placeholder in `issuer` with the value of its claim; `nil` when a claim is missing
    /// or its value would change the issuer's structure (it contains `/`, `?`, `#`, `{` or `}`).
    public func resolve(_ issuer: String, claims: [String: String]) -> String? {
        var resolved = issuer
        for placeholder in placeholders {
            guard let value = claims[placeholder.claim], !value.isEmpty,
                  !value.contains(where: { "/?#{}@".contains($0) })
            else { return nil }
            resolved = resolved.replacingOccurrences(of: "{\(placeholder.name)}", with: value)
        }
        return resolved
    }
}
