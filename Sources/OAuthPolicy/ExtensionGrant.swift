/// The extension grants (RFC 6749 §4.5) the runtime sends, by their `grant_type` URIs, and the one
/// rule for whether a server's metadata lets a client use one: the build reports it at the line,
/// the runtime refuses before sending.
public enum ExtensionGrant: String, Sendable, Hashable, CaseIterable {
    /// Token exchange (RFC 8693 §2.1).
    case tokenExchange = "urn:ietf:params:oauth:grant-type:token-exchange"
    /// A JWT as an authorization grant (RFC 7523 §2.1): how an ID-JAG is redeemed.
    case jwtBearer = "urn:ietf:params:oauth:grant-type:jwt-bearer"

    /// The profile of the jwt-bearer grant a server lists in `authorization_grant_profiles_supported`
    /// when it redeems Identity Assertion JWT Authorization Grants (ID-JAGs;
    /// draft-ietf-oauth-identity-assertion-authz-grant §7.2, MCP enterprise-managed authorization §6).
    public static let identityAssertionProfile = "urn:ietf:params:oauth:grant-profile:id-jag"

    /// Why a server whose metadata lists `grantTypes` (`grant_types_supported`, `nil`: absent)
    /// and `grantProfiles` (`authorization_grant_profiles_supported`) does not take this grant, or
    /// `nil` when it does. Absent, the grant types mean `authorization_code` and `implicit` (RFC
    /// 8414 §2, OpenID Connect Discovery 1.0 §3). The ID-JAG profile is a profile of the
    /// jwt-bearer grant: a server listing it takes jwt-bearer whatever its grant types say.
    public func refusal(grantTypes: [String]?, grantProfiles: [String]? = nil) -> String? {
        if grantTypes?.contains(rawValue) == true { return nil }
        let profileAlternative =
            self == .jwtBearer ? " or \(Self.identityAssertionProfile) in authorization_grant_profiles_supported" : ""
        if self == .jwtBearer, grantProfiles?.contains(Self.identityAssertionProfile) == true { return nil }
        guard let grantTypes else {
            return
                "expected grant_types_supported to list \(rawValue)\(profileAlternative), found it absent, which means authorization_code and implicit alone (RFC 8414 §2)"
        }
        return "expected grant_types_supported to list \(rawValue)\(profileAlternative), found "
            + (grantTypes.isEmpty ? "it empty" : grantTypes.joined(separator: ", "))
    }
}
