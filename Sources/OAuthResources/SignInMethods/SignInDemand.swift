import Foundation

/// What a sign-in must obtain: the scopes, and for a resource's RFC 9470 challenge the
/// authentication it asks for. One value for the first sign-in and for every step-up, so a new
/// kind of demand (RFC 9396 `authorization_details`) is a member here, not a parameter threaded
/// through every method.
public struct SignInDemand: Sendable, Hashable {
    /// The scopes to ask for.
    public var scopes: [String]
    /// The `acr_values` the new sign-in must meet (RFC 9470 §3); empty for none.
    public var acrValues: [String]
    /// The `max_age` in seconds the authentication may have (RFC 9470 §3); `nil` for none.
    public var maxAge: Int?

    /// A demand for `scopes`, with an RFC 9470 challenge's `acrValues` and `maxAge` if any.
    public init(scopes: [String], acrValues: [String] = [], maxAge: Int? = nil) {
        self.scopes = scopes
        self.acrValues = acrValues
        self.maxAge = maxAge
    }

    /// Whether it asks for a fresher or stronger authentication, which only a person can give.
    public var asksForAuthentication: Bool { !acrValues.isEmpty || maxAge != nil }

    /// What it asks for, in words, for an error.
    public var summary: String {
        asksForAuthentication
            ? "a fresher or stronger authentication (acr_values, max_age)"
            : "the scopes \(scopes.joined(separator: " "))"
    }
}
