/// The extension grants (RFC 6749 §4.5) the runtime sends, by their `grant_type` URIs, and the one
/// rule for whether a server's metadata lets a client use one: the build reports it at the line,
/// the runtime refuses before sending.
public enum ExtensionGrant: String, Sendable, Hashable, CaseIterable {
    /// Token exchange (RFC 8693 §2.1).
    case tokenExchange = "urn:ietf:params:oauth:grant-type:token-exchange"
    /// A JWT as an authorization grant (RFC 7523 §2.1): how an ID-JAG is redeemed.
    case jwtBearer = "urn:ietf:params:oauth:grant-type:jwt-bearer"

    /// Why a server whose metadata lists `grantTypes` (`grant_types_supported`, `nil`: absent)
    /// does not take this grant, or `nil` when it does. Absent, the list means
    /// `authorization_code` and `implicit` (RFC 8414 §2, OpenID Connect Discovery 1.0 §3).
    public func refusal(grantTypes: [String]?) -> String? {
        guard let grantTypes else {
            return "expected grant_types_supported to list \(rawValue), found it absent, which means authorization_code and implicit alone (RFC 8414 §2)"
        }
        guard !grantTypes.contains(rawValue) else { return nil }
        return "expected grant_types_supported to list \(rawValue), found " + (grantTypes.isEmpty ? "it empty" : grantTypes.joined(separator: ", "))
    }
}
