import OAuthPolicy

/// A provider's quirk file: the app's registration and the provider's deviations from the
/// standards, every value with its location. Each key is described in the QuirkFileReference article
/// (Documentation/oauthgen.docc).
package struct QuirkFile: Sendable, Hashable {
    /// Where the top-level `<dict>` starts.
    package var location: SourceLocation

    package var name: Located<String>?
    package var issuer: Located<String>?
    package var clientID: Located<String>?
    /// The protected resource the app calls (RFC 9728), whose metadata is pinned beside the
    /// quirk file: the URL it was fetched for, which the metadata's `resource` must equal.
    package var resource: Located<String>?
    /// Accepted so it can be warned about (RFC 8252 §8.5), never generated into code.
    package var clientSecret: Located<String>?
    package var redirectURIs: [Located<String>] = []
    /// Where the provider may send the browser after RP-initiated logout (OpenID Connect
    /// RP-Initiated Logout 1.0 §3): checked like redirect URIs, generated as `PostLogoutRedirectURI`.
    package var postLogoutRedirectURIs: [Located<String>] = []
    package var defaultScopes: [Located<String>] = []
    package var scopes: [ValueDeclaration] = []
    /// Authentication context classes (`acr_values`) the provider accepts but does not list in
    /// `acr_values_supported`, each a typed constant.
    package var acrValues: [ValueDeclaration] = []
    package var claims: [ClaimDeclaration] = []
    /// The members of an OAuth-only provider's userinfo response (GitHub's `/user`), which has
    /// no `sub`: the generated `UserInfo` type. OpenID providers' userinfo is their `Claims`.
    package var userInfo: [ClaimDeclaration] = []
    package var scopeSeparator: Located<String>?
    /// The authorization request parameter the scopes go in (Slack's user tokens: `user_scope`).
    package var scopeParameter: Located<String>?
    package var pkce: Located<PKCEMethod>?
    package var tokenEndpointAuthMethod: Located<TokenEndpointAuthMethod>?
    /// A client without a secret sends its ID in HTTP Basic with an empty password (Reddit's
    /// installed apps) instead of a `client_id` parameter.
    package var basicAuthWithoutSecret: Located<Bool>?
    /// What a `private_key_jwt` client assertion names as its audience (the issuer by default).
    package var clientAssertionAudience: Located<ClientAssertionAudience>?
    /// The app exchanges tokens here (RFC 8693): the company's identity provider, which issues
    /// ID-JAGs. The metadata must list the grant.
    package var tokenExchange: Located<Bool>?
    /// The app redeems JWT grants here (RFC 7523 §2.1): an MCP server's authorization server
    /// taking ID-JAGs. The metadata must list the grant.
    package var jwtBearerGrant: Located<Bool>?
    package var authorizationParameters: [Parameter] = []
    package var tokenRequestHeaders: [Parameter] = []
    /// Extra form parameters on every token endpoint request (Withings' `action=requesttoken`).
    package var tokenRequestParameters: [Parameter] = []
    package var tokenResponse = TokenResponse()
    package var endpoints = Endpoints()
    package var issuerTemplate: [IssuerPlaceholder] = []
    /// Push every authorization request (RFC 9126) even where the metadata does not require it.
    package var pushedAuthorizationRequests: Located<Bool>?
    /// The app signs in with the device grant (RFC 8628): the provider must have the endpoint.
    package var deviceGrant: Located<Bool>?
    /// The client is registered for DPoP-bound tokens (RFC 9449): every sign-in gets a key.
    package var dpop: Located<Bool>?
    /// The provider is a development server on this machine: its http endpoints on 127.0.0.1 or
    /// [::1] are accepted by the build (one note instead of a warning per endpoint) and by the
    /// generated client (no `allowInsecureLoopback` option).
    package var loopbackDevelopmentServer: Located<Bool>?
    /// A refresh leaves out `resource` and names the granted scopes instead (Microsoft Entra ID
    /// v2.0 refuses `resource` on a refresh, AADSTS9010010).
    package var omitsResourceOnRefresh: Located<Bool>?
    /// The family of apps that share one sign-in (OpenID Connect Native SSO): `QuirkFile.NativeSSO`.
    package var nativeSSO: NativeSSO?

    /// Whether the quirk file declares a loopback development server.
    package var isLoopbackDevelopmentServer: Bool { loopbackDevelopmentServer?.value == true }

    package init(location: SourceLocation) {
        self.location = location
    }

    /// A scope or `acr` value to expose as a typed constant, with an optional description for
    /// its doc comment.
    package struct ValueDeclaration: Sendable, Hashable {
        package var name: Located<String>
        package var description: String?
    }

    /// A typed claim beyond the standard ones.
    package struct ClaimDeclaration: Sendable, Hashable {
        package var name: Located<String>
        package var type: ClaimType
    }

    /// The claim types a quirk file can name.
    package enum ClaimType: String, Sendable, Hashable, CaseIterable {
        case string, bool, int, double, date, strings
    }

    /// A name–value pair in file order.
    package struct Parameter: Sendable, Hashable {
        package var name: Located<String>
        package var value: Located<String>
    }

    /// The values of `pkce`, shared with the runtime through `OAuthPolicy`.
    package typealias PKCEMethod = PKCEChallengeMethod

    /// The values of `tokenEndpointAuthMethod`, shared with the runtime through `OAuthPolicy`.
    package typealias TokenEndpointAuthMethod = ClientAuthenticationMethod

    /// The values of `clientAssertionAudience`, shared with the runtime through `OAuthPolicy`.
    package typealias ClientAssertionAudience = AssertionAudience

    package enum TokenResponseFormat: String, Sendable, Hashable, CaseIterable {
        case json, form
    }

    /// The `tokenResponse` dictionary.
    package struct TokenResponse: Sendable, Hashable {
        package var format: Located<TokenResponseFormat>?
        package var missingTokenType: Located<Bool>?
        package var errorsWithStatus200: Located<Bool>?
        package var nestedIn: Located<[String]>?
        /// `token_type` values that mean a bearer token (Slack's user tokens say `user`).
        package var bearerTokenTypes: [Located<String>] = []
    }

    /// The `endpoints` dictionary.
    package struct Endpoints: Sendable, Hashable {
        package var authorization: Located<String>?
        package var token: Located<String>?
        package var revocation: Located<String>?
        package var userinfo: Located<String>?
        package var endSession: Located<String>?
        package var jwks: Located<String>?
        package var pushedAuthorizationRequest: Located<String>?
        package var deviceAuthorization: Located<String>?

        /// The endpoints set, by their quirk-file key, for checks that treat them alike.
        package var all: [(key: String, value: Located<String>)] {
            let pairs: [(String, Located<String>?)] = [
                ("authorization", authorization), ("token", token), ("revocation", revocation),
                ("userinfo", userinfo), ("endSession", endSession), ("jwks", jwks),
                ("pushedAuthorizationRequest", pushedAuthorizationRequest),
                ("deviceAuthorization", deviceAuthorization),
            ]
            return pairs.compactMap { key, value in value.map { (key, $0) } }
        }
    }

    /// One `{name}` placeholder in the issuer and the ID token claim that fills it.
    package struct IssuerPlaceholder: Sendable, Hashable {
        package var name: Located<String>
        package var claim: Located<String>
    }
}
