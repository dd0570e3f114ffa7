/// The parts of a provider's discovery document or RFC 8414 metadata the runtime acts on.
public struct ProviderMetadata: Sendable, Hashable, Codable {
    /// Whether the provider is an OpenID Provider (it issues ID tokens) or a plain OAuth 2.0 server.
    public var kind: Kind
    /// `scopes_supported`.
    public var scopesSupported: [String]
    /// `response_types_supported`; empty when the provider does not say.
    public var responseTypesSupported: [String]
    /// `grant_types_supported`; `nil` when the provider does not say, which means
    /// `["authorization_code", "implicit"]` (OIDC Discovery 1.0 §3, RFC 8414 §2).
    public var grantTypesSupported: [String]?
    /// `response_modes_supported`; `nil` when the provider does not say, which means
    /// `["query", "fragment"]` (OIDC Discovery 1.0 §3, RFC 8414 §2).
    public var responseModesSupported: [String]?
    /// `code_challenge_methods_supported`; empty when the provider does not say.
    public var codeChallengeMethodsSupported: [String]
    /// `id_token_signing_alg_values_supported`; the only algorithms an ID token may be signed with.
    public var idTokenSigningAlgorithms: [String]
    /// `token_endpoint_auth_methods_supported`.
    public var tokenEndpointAuthMethodsSupported: [String]
    /// `token_endpoint_auth_signing_alg_values_supported`: what a client assertion may be signed
    /// with; `nil` when the server does not say, which implies no algorithm (RFC 8414 §2).
    public var tokenEndpointAuthSigningAlgorithms: [String]?
    /// `claims_supported`.
    public var claimsSupported: [String]
    /// RFC 9207: when `true`, every authorization response must carry a matching `iss`.
    public var authorizationResponseIssParameterSupported: Bool
    /// RFC 9126 §5 `require_pushed_authorization_requests`: when `true`, the provider refuses
    /// authorization requests that were not pushed first, and the client pushes every one.
    public var requirePushedAuthorizationRequests: Bool
    /// RFC 9449 §5.1 `dpop_signing_alg_values_supported`; empty when the server does not say.
    public var dpopSigningAlgorithms: [String]
    /// `authorization_grant_profiles_supported` (draft-ietf-oauth-identity-assertion-authz-grant
    /// §7.2): a server listing the ID-JAG profile redeems ID-JAGs with the jwt-bearer grant;
    /// `nil` when the server does not say.
    public var authorizationGrantProfilesSupported: [String]?
    /// `native_sso_supported` (OpenID Connect Native SSO for Mobile Apps 1.0 draft 07 §5): the
    /// server issues a `device_secret` for the `device_sso` scope and signs a family's sibling
    /// apps in with the token exchange.
    public var nativeSSOSupported: Bool

    /// What sort of server the metadata describes.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// OpenID Connect Discovery 1.0.
        case openIDConnect
        /// RFC 8414 authorization-server metadata, or a quirk file alone: no ID tokens.
        case oauth2
    }

    /// Metadata as the discovery document states it; empty lists mean the document is silent.
    public init(
        kind: Kind,
        scopesSupported: [String] = [],
        responseTypesSupported: [String] = ["code"],
        codeChallengeMethodsSupported: [String] = [],
        idTokenSigningAlgorithms: [String] = [],
        tokenEndpointAuthMethodsSupported: [String] = [],
        claimsSupported: [String] = [],
        authorizationResponseIssParameterSupported: Bool = false,
        requirePushedAuthorizationRequests: Bool = false,
        dpopSigningAlgorithms: [String] = [],
        grantTypesSupported: [String]? = nil,
        responseModesSupported: [String]? = nil,
        tokenEndpointAuthSigningAlgorithms: [String]? = nil,
        authorizationGrantProfilesSupported: [String]? = nil,
        nativeSSOSupported: Bool = false
    ) {
        self.kind = kind
        self.scopesSupported = scopesSupported
        self.responseTypesSupported = responseTypesSupported
        self.codeChallengeMethodsSupported = codeChallengeMethodsSupported
        self.idTokenSigningAlgorithms = idTokenSigningAlgorithms
        self.tokenEndpointAuthMethodsSupported = tokenEndpointAuthMethodsSupported
        self.claimsSupported = claimsSupported
        self.authorizationResponseIssParameterSupported = authorizationResponseIssParameterSupported
        self.requirePushedAuthorizationRequests = requirePushedAuthorizationRequests
        self.dpopSigningAlgorithms = dpopSigningAlgorithms
        self.grantTypesSupported = grantTypesSupported
        self.responseModesSupported = responseModesSupported
        self.tokenEndpointAuthSigningAlgorithms = tokenEndpointAuthSigningAlgorithms
        self.authorizationGrantProfilesSupported = authorizationGrantProfilesSupported
        self.nativeSSOSupported = nativeSSOSupported
    }
}
