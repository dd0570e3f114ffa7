import Foundation

/// A provider described at run time, from a discovery document fetched or read by the app (as
/// `oauthgen-login` does): the same client, sign-in and session types, with untyped scopes and
/// claims, and every endpoint checked when it is used rather than at compile time.
///
/// ```swift
/// let configuration = try ProviderConfiguration(discoveryDocument: data, expectedIssuer: issuer)
/// let client = try OAuthClient<DiscoveredProvider>(configuration: configuration, options: ClientOptions(clientID: "my-app"))
/// ```
public enum DiscoveredProvider: OAuthProvider, SupportsRevocation, SupportsUserInfo, SupportsDeviceAuthorization,
    SupportsNativeSSO
{
    /// Any scope string.
    public typealias Scope = ScopeValue
    /// The ID token's claims as JSON values, with `sub`.
    public typealias Claims = StandardClaims
    /// The userinfo response as JSON values (for an OpenID provider, its `sub` is checked).
    public typealias UserInfo = [String: ClaimValue]
    /// Any redirect URI that passes the RFC 8252 checks.
    public typealias RedirectURI = RegisteredRedirectURI
}
