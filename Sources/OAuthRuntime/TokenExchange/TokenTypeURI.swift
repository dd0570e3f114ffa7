internal import OAuthPolicy

/// A token type identifier (RFC 8693 §3): what a token exchange is given (`subject_token_type`,
/// `actor_token_type`), asks for (`requested_token_type`) and gets (`issued_token_type`).
public struct TokenTypeURI: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The URI.
    public let rawValue: String

    /// A token type by its URI.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A token type by its URI, written as a literal.
    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// An OAuth 2.0 access token (RFC 8693 §3).
    public static let accessToken: TokenTypeURI = "urn:ietf:params:oauth:token-type:access_token"
    /// An OAuth 2.0 refresh token (RFC 8693 §3).
    public static let refreshToken: TokenTypeURI = "urn:ietf:params:oauth:token-type:refresh_token"
    /// An OpenID Connect ID token (RFC 8693 §3).
    public static let idToken: TokenTypeURI = "urn:ietf:params:oauth:token-type:id_token"
    /// A JWT (RFC 7519; RFC 8693 §3).
    public static let jwt: TokenTypeURI = "urn:ietf:params:oauth:token-type:jwt"
    /// A SAML 2.0 assertion, base64url-encoded (RFC 8693 §3).
    public static let saml2: TokenTypeURI = "urn:ietf:params:oauth:token-type:saml2"
    /// An Identity Assertion JWT Authorization Grant (draft-ietf-oauth-identity-assertion-authz-grant
    /// §4.3): what an enterprise identity provider issues for the `jwt-bearer` grant at another
    /// authorization server.
    public static let idJAG: TokenTypeURI = "urn:ietf:params:oauth:token-type:id-jag"
    /// A Native SSO device secret, as `actor_token_type` (OpenID Connect Native SSO for Mobile
    /// Apps 1.0 draft 07 §4.1).
    public static let deviceSecret = TokenTypeURI(rawValue: DeviceSecretTokenType.draft07.rawValue)
    /// A device secret as the drafts before 07 named it, and as Okta still does.
    public static let oathDeviceSecret = TokenTypeURI(rawValue: DeviceSecretTokenType.earlierDrafts.rawValue)

    /// The URI.
    public var description: String { rawValue }
}
