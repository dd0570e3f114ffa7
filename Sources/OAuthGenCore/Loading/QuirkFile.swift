import OAuthPolicy

/// A provider's quirk file: the app's registration and the provider's deviations from the
/// standards, every value with its location. See the README for each key.
public struct QuirkFile: Sendable, Hashable {
    /// Where the top-level `<dict>` starts.
    public var location: SourceLocation

    public var name: Located<String>?
    public var issuer: Located<String>?
    public var clientID: Located<String>?
    /// Accepted so it can be warned about (RFC 8252 §8.5), never generated into code.
    public var clientSecret: Located<String>?
    public var redirectURIs: [Located<String>] = []
    /// Where the provider may send the browser after RP-initiated logout (OpenID Connect
    /// RP-Initiated Logout 1.0 §3): checked like redirect URIs, generated as `PostLogoutRedirectURI`.
    public var postLogoutRedirectURIs: [Located<String>] = []
    public var defaultScopes: [Located<String>] = []
    public var scopes: [ScopeDeclaration] = []
    public var claims: [ClaimDeclaration] = []
    /// The members of an OAuth-only provider's userinfo response (GitHub's `/user`), which has
    /// no `sub`: the generated `UserInfo` type. OpenID providers' userinfo is their `Claims`.
    public var userInfo: [ClaimDeclaration] = []
    public var scopeSeparator: Located<String>?
    /// The authorization request parameter the scopes go in (Slack's user tokens: `user_scope`).
    public var scopeParameter: Located<String>?
    public var pkce: Located<PKCEMethod>?
    public var tokenEndpointAuthMethod: Located<TokenEndpointAuthMethod>?
    /// A client without a secret sends its ID in HTTP Basic with an empty password (Reddit's
    /// installed apps) instead of a `client_id` parameter.
    public var basicAuthWithoutSecret: Located<Bool>?
    public var authorizationParameters: [Parameter] = []
    public var tokenRequestHeaders: [Parameter] = []
    /// Extra form parameters on every token endpoint request (Withings' `action=requesttoken`).
    public var tokenRequestParameters: [Parameter] = []
    public var tokenResponse = TokenResponse()
    public var endpoints = Endpoints()
    public var issuerTemplate: [IssuerPlaceholder] = []
    /// Push every authorization request (RFC 9126) even where the metadata does not require it.
    public var pushedAuthorizationRequests: Located<Bool>?
    /// The app signs in with the device grant (RFC 8628): the provider must have the endpoint.
    public var deviceGrant: Located<Bool>?
    /// The client is registered for DPoP-bound tokens (RFC 9449): every sign-in gets a key.
    public var dpop: Located<Bool>?
    /// The provider is a development server on this machine: its http endpoints on 127.0.0.1 or
    /// [::1] are accepted by the build (one note instead of a warning per endpoint) and by the
    /// generated client (no `allowInsecureLoopback` option).
    public var loopbackDevelopmentServer: Located<Bool>?

    /// Whether the quirk file declares a loopback development server.
    public var isLoopbackDevelopmentServer: Bool { loopbackDevelopmentServer?.value == true }

    public init(location: SourceLocation) {
        self.location = location
    }

    /// A scope to expose as a typed constant, with an optional description for its doc comment.
    public struct ScopeDeclaration: Sendable, Hashable {
        public var name: Located<String>
        public var description: String?
    }

    /// A typed claim beyond the standard ones.
    public struct ClaimDeclaration: Sendable, Hashable {
        public var name: Located<String>
        public var type: ClaimType
    }

    /// The claim types a quirk file can name.
    public enum ClaimType: String, Sendable, Hashable, CaseIterable {
        case string, bool, int, double, date, strings
    }

    /// A name–value pair in file order.
    public struct Parameter: Sendable, Hashable {
        public var name: Located<String>
        public var value: Located<String>
    }

    /// The values of `pkce`, shared with the runtime through `OAuthPolicy`.
    public typealias PKCEMethod = PKCEChallengeMethod

    /// The values of `tokenEndpointAuthMethod`, shared with the runtime through `OAuthPolicy`.
    public typealias TokenEndpointAuthMethod = ClientAuthenticationMethod

    public enum TokenResponseFormat: String, Sendable, Hashable, CaseIterable {
        case json, form
    }

    /// The `tokenResponse` dictionary.
    public struct TokenResponse: Sendable, Hashable {
        public var format: Located<TokenResponseFormat>?
        public var missingTokenType: Located<Bool>?
        public var errorsWithStatus200: Located<Bool>?
        public var nestedIn: Located<[String]>?
        /// `token_type` values that mean a bearer token (Slack's user tokens say `user`).
        public var bearerTokenTypes: [Located<String>] = []
    }

    /// The `endpoints` dictionary.
    public struct Endpoints: Sendable, Hashable {
        public var authorization: Located<String>?
        public var token: Located<String>?
        public var revocation: Located<String>?
        public var userinfo: Located<String>?
        public var endSession: Located<String>?
        public var jwks: Located<String>?
        public var pushedAuthorizationRequest: Located<String>?
        public var deviceAuthorization: Located<String>?

        /// The endpoints set, by their quirk-file key, for checks that treat them alike.
        public var all: [(key: String, value: Located<String>)] {
            let pairs: [(String, Located<String>?)] = [
                ("authorization", authorization), ("token", token), ("revocation", revocation),
                ("userinfo", userinfo), ("endSession", endSession), ("jwks", jwks),
                ("pushedAuthorizationRequest", pushedAuthorizationRequest), ("deviceAuthorization", deviceAuthorization),
            ]
            return pairs.compactMap { key, value in value.map { (key, $0) } }
        }
    }

    /// One `{name}` placeholder in the issuer and the ID token claim that fills it.
    public struct IssuerPlaceholder: Sendable, Hashable {
        public var name: Located<String>
        public var claim: Located<String>
    }
}
