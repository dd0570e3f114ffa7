/// The members of an OpenID Connect Discovery 1.0 document or RFC 8414 authorization-server
/// metadata that oauthgen checks and generates from, each with its location.
///
/// Members the specifications define but oauthgen does not use, and providers' own extensions,
/// are ignored, as both specifications require of clients.
package struct DiscoveryDocument: Sendable, Hashable {
    /// Which specification the document follows, from its file name.
    package enum Kind: String, Sendable, Hashable {
        /// `<name>.openid-configuration.json`: OpenID Connect Discovery 1.0.
        case openIDConnect
        /// `<name>.oauth-authorization-server.json`: RFC 8414.
        case oauthAuthorizationServer
    }

    package var kind: Kind
    /// Where the top-level object starts: missing members are reported here.
    package var location: SourceLocation

    package var issuer: Located<String>?
    package var authorizationEndpoint: Located<String>?
    package var tokenEndpoint: Located<String>?
    package var userinfoEndpoint: Located<String>?
    package var jwksURI: Located<String>?
    package var revocationEndpoint: Located<String>?
    package var endSessionEndpoint: Located<String>?
    package var scopesSupported: Located<[Located<String>]>?
    package var responseTypesSupported: Located<[Located<String>]>?
    package var subjectTypesSupported: Located<[Located<String>]>?
    /// Absent means `["authorization_code", "implicit"]` (OIDC Discovery 1.0 §3, RFC 8414 §2).
    package var grantTypesSupported: Located<[Located<String>]>?
    /// Absent means `["query", "fragment"]` (OIDC Discovery 1.0 §3, RFC 8414 §2).
    package var responseModesSupported: Located<[Located<String>]>?
    /// The ID-JAG profile here means the jwt-bearer grant is taken (draft-ietf-oauth-identity-assertion-authz-grant §7.2).
    package var authorizationGrantProfilesSupported: Located<[Located<String>]>?
    package var claimsSupported: Located<[Located<String>]>?
    /// `prompt_values_supported` (OpenID Connect Prompt Create 1.0 §4.1).
    package var promptValuesSupported: Located<[Located<String>]>?
    /// `acr_values_supported` (OIDC Discovery 1.0 §3; registered for RFC 8414 by its §7.1.2).
    package var acrValuesSupported: Located<[Located<String>]>?
    package var codeChallengeMethodsSupported: Located<[Located<String>]>?
    package var idTokenSigningAlgValuesSupported: Located<[Located<String>]>?
    package var tokenEndpointAuthMethodsSupported: Located<[Located<String>]>?
    package var tokenEndpointAuthSigningAlgValuesSupported: Located<[Located<String>]>?
    package var authorizationResponseIssParameterSupported: Located<Bool>?
    /// RFC 9126 §5.
    package var pushedAuthorizationRequestEndpoint: Located<String>?
    /// RFC 9126 §5: the provider refuses authorization requests that were not pushed.
    package var requirePushedAuthorizationRequests: Located<Bool>?
    /// RFC 8628 §4.
    package var deviceAuthorizationEndpoint: Located<String>?
    /// RFC 8414 §2, RFC 7591: where a client registers itself.
    package var registrationEndpoint: Located<String>?
    /// RFC 9449 §5.1: the JWS algorithms the server accepts in DPoP proofs.
    package var dpopSigningAlgValuesSupported: Located<[Located<String>]>?
    /// OpenID Connect Native SSO for Mobile Apps 1.0 draft 07 §5: a family's apps share a sign-in.
    package var nativeSSOSupported: Located<Bool>?

    package init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The members holding URLs, by their JSON names, for checks that treat them alike.
    package var endpointMembers: [(name: String, value: Located<String>)] {
        let all: [(String, Located<String>?)] = [
            ("authorization_endpoint", authorizationEndpoint),
            ("token_endpoint", tokenEndpoint),
            ("userinfo_endpoint", userinfoEndpoint),
            ("jwks_uri", jwksURI),
            ("revocation_endpoint", revocationEndpoint),
            ("end_session_endpoint", endSessionEndpoint),
            ("pushed_authorization_request_endpoint", pushedAuthorizationRequestEndpoint),
            ("device_authorization_endpoint", deviceAuthorizationEndpoint),
            ("registration_endpoint", registrationEndpoint),
        ]
        return all.compactMap { name, value in value.map { (name, $0) } }
    }
}
