internal import OAuthPolicy

/// The grant a ``ResourceSignInMethod`` uses at the resource's authorization server: what the
/// server's metadata must support, checked once, in the rule the build-time checks share.
public struct ResourceGrant: Sendable, Hashable, CustomStringConvertible {
    let rule: ResourceServerGrant

    /// The authorization code flow with PKCE (a browser sign-in).
    public static let authorizationCode = ResourceGrant(rule: .authorizationCode)
    /// The device authorization grant (RFC 8628).
    public static let deviceCode = ResourceGrant(rule: .deviceCode)
    /// The client credentials grant (RFC 6749 §4.4).
    public static let clientCredentials = ResourceGrant(rule: .clientCredentials)
    /// An ID-JAG redeemed with the jwt-bearer grant (enterprise-managed authorization).
    public static let identityAssertion = ResourceGrant(rule: .identityAssertion)
    /// A workload platform's JWT with the jwt-bearer grant (RFC 7523 §2.1), which the server's
    /// `grant_types_supported` must list.
    public static let workloadIdentity = ResourceGrant(rule: .workloadIdentity)

    /// The `grant_type` its token requests send.
    public var grantType: String {
        switch rule {
        case .authorizationCode: "authorization_code"
        case .deviceCode: ResourceServerGrant.deviceCodeGrantType
        case .clientCredentials: ResourceServerGrant.clientCredentialsGrantType
        case .identityAssertion, .workloadIdentity: "urn:ietf:params:oauth:grant-type:jwt-bearer"
        }
    }

    /// The grant, in words.
    public var description: String {
        switch rule {
        case .authorizationCode: "the authorization code flow"
        case .deviceCode: "the device grant"
        case .clientCredentials: "client credentials"
        case .identityAssertion: "an identity assertion (ID-JAG)"
        case .workloadIdentity: "a workload's JWT"
        }
    }
}
