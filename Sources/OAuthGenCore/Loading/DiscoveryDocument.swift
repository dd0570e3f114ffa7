/// The members of an OpenID Connect Discovery 1.0 document or RFC 8414 authorization-server
/// metadata that oauthgen checks and generates from, each with its location.
///
/// Members the specifications define but oauthgen does not use, and providers' own extensions,
/// are ignored, as both specifications require of clients.
public struct DiscoveryDocument: Sendable, Hashable {
    /// Which specification the document follows, from its file name.
    public enum Kind: String, Sendable, Hashable {
        /// `<name>.openid-configuration.json`: OpenID Connect Discovery 1.0.
        case openIDConnect
        /// `<name>.oauth-authorization-server.json`: RFC 8414.
        case oauthAuthorizationServer
    }

    public var kind: Kind
    /// Where the top-level object starts: missing members are reported here.
    public var location: SourceLocation

    public var issuer: Located<String>?
    public var authorizationEndpoint: Located<String>?
    public var tokenEndpoint: Located<String>?
    public var userinfoEndpoint: Located<String>?
    public var jwksURI: Located<String>?
    public var revocationEndpoint: Located<String>?
    public var endSessionEndpoint: Located<String>?
    public var scopesSupported: Located<[Located<String>]>?
    public var responseTypesSupported: Located<[Located<String>]>?
    public var subjectTypesSupported: Located<[Located<String>]>?
    /// Absent means `["authorization_code", "implicit"]` (OIDC Discovery 1.0 §3, RFC 8414 §2).
    public var grantTypesSupported: Located<[Located<String>]>?
    /// Absent means `["query", "fragment"]` (OIDC Discovery 1.0 §3, RFC 8414 §2).
    public var responseModesSupported: Located<[Located<String>]>?
    public var claimsSupported: Located<[Located<String>]>?
    /// `prompt_values_supported` (OpenID Connect Prompt Create 1.0 §4.1).
    public var promptValuesSupported: Located<[Located<String>]>?
    public var codeChallengeMethodsSupported: Located<[Located<String>]>?
    public var idTokenSigningAlgValuesSupported: Located<[Located<String>]>?
    public var tokenEndpointAuthMethodsSupported: Located<[Located<String>]>?
    public var authorizationResponseIssParameterSupported: Located<Bool>?
    /// RFC 9126 §5.
    public var pushedAuthorizationRequestEndpoint: Located<String>?
    /// RFC 9126 §5: the provider refuses authorization requests that were not pushed.
    public var requirePushedAuthorizationRequests: Located<Bool>?
    /// RFC 8628 §4.
    public var deviceAuthorizationEndpoint: Located<String>?
    /// RFC 9449 §5.1: the JWS algorithms the server accepts in DPoP proofs.
    public var dpopSigningAlgValuesSupported: Located<[Located<String>]>?

    public init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The members holding URLs, by their JSON names, for checks that treat them alike.
    public var endpointMembers: [(name: String, value: Located<String>)] {
        let all: [(String, Located<String>?)] = [
            ("authorization_endpoint", authorizationEndpoint),
            ("token_endpoint", tokenEndpoint),
            ("userinfo_endpoint", userinfoEndpoint),
            ("jwks_uri", jwksURI),
            ("revocation_endpoint", revocationEndpoint),
            ("end_session_endpoint", endSessionEndpoint),
            ("pushed_authorization_request_endpoint", pushedAuthorizationRequestEndpoint),
            ("device_authorization_endpoint", deviceAuthorizationEndpoint),
        ]
        return all.compactMap { name, value in value.map { (name, $0) } }
    }
}
