internal import OAuthPolicy

/// The grant a ``ResourceSignInMethod`` uses at the resource's authorization server: what the
/// server's metadata must support, checked once, in the rule the build-time checks share.
public struct ResourceGrant: Sendable, Hashable, CustomStringConvertible {
    /// The rule discovery checks the server's metadata with.
    let rule: ResourceServerGrant
    /// The `grant_type` its token requests send.
    public let grantType: String
    /// The grant, in words.
    public let description: String

    /// The authorization code flow with PKCE (a browser sign-in).
    public static let authorizationCode = ResourceGrant(
        rule: .authorizationCode, grantType: "authorization_code", description: "the authorization code flow")
    /// The device authorization grant (RFC 8628).
    public static let deviceCode = ResourceGrant(
        rule: .deviceCode, grantType: ResourceServerGrant.deviceCodeGrantType, description: "the device grant")
    /// The client credentials grant (RFC 6749 §4.4).
    public static let clientCredentials = ResourceGrant(
        rule: .clientCredentials, grantType: ResourceServerGrant.clientCredentialsGrantType,
        description: "client credentials")
    /// An ID-JAG redeemed with the jwt-bearer grant (enterprise-managed authorization).
    public static let identityAssertion = ResourceGrant(
        rule: .identityAssertion, grantType: ExtensionGrant.jwtBearer.rawValue,
        description: "an identity assertion (ID-JAG)")
    /// A workload platform's JWT with the jwt-bearer grant (RFC 7523 §2.1), which the server's
    /// `grant_types_supported` must list.
    public static let workloadIdentity = ResourceGrant(
        rule: .workloadIdentity, grantType: ExtensionGrant.jwtBearer.rawValue, description: "a workload's JWT")
}
