internal import OAuthPolicy

/// A provider's deviations from the standards, as data the runtime consults.
///
/// The defaults describe a provider that follows RFC 6749, RFC 7636 and OIDC Core to the letter.
public struct ProviderQuirks: Sendable, Hashable, Codable {
    /// Joins scopes in the `scope` parameter; RFC 6749 §3.3 says a space, some providers want a comma.
    public var scopeSeparator: String
    /// The authorization request parameter the scopes go in: `scope` (RFC 6749 §3.3), or a
    /// provider's own (Slack's user tokens: `user_scope`).
    public var scopeParameter: String
    /// The PKCE method to use (RFC 7636).
    public var pkce: PKCEMethod
    /// How the client authenticates at the token endpoint.
    public var tokenEndpointAuthMethod: TokenEndpointAuthMethod
    /// A client without a secret sends its ID as HTTP Basic credentials with an empty password
    /// (RFC 6749 §2.3.1's encoding; Reddit's installed apps) instead of a `client_id` parameter.
    public var basicAuthWithoutSecret: Bool
    /// What a `private_key_jwt` client assertion names as its `aud`: the issuer, or the token
    /// endpoint URL for a server that takes only that.
    public var clientAssertionAudience: ClientAssertionAudience
    /// Extra parameters added to every authorization request, in this order.
    public var authorizationParameters: [QuirkParameter]
    /// Extra headers sent with every token request, in this order.
    public var tokenRequestHeaders: [QuirkParameter]
    /// Extra form parameters sent with every token endpoint request (code, refresh, device
    /// polls), after the client's own; never one the client sets itself.
    public var tokenRequestParameters: [QuirkParameter]
    /// Tolerances when reading token responses.
    public var tokenResponse: TokenResponseQuirks
    /// Push every authorization request (RFC 9126) even where the metadata does not require it:
    /// the parameters then never pass through the browser.
    public var pushedAuthorizationRequests: Bool
    /// The client is registered for DPoP-bound tokens (RFC 9449): every sign-in gets its own
    /// key, every token request a proof, and the tokens are presented with proofs.
    public var dpop: Bool
    /// The provider is a development server on this machine (the quirk file's
    /// `loopbackDevelopmentServer`): its http endpoints on 127.0.0.1 or [::1] are accepted as if
    /// the client were made with `ClientOptions(allowInsecureLoopback: true)` — one decision, made in the quirk
    /// file, that the build and the runtime share. Any other http endpoint is still refused.
    public var loopbackDevelopmentServer: Bool
    /// A refresh leaves out the `resource` parameter every other token request sends (RFC 8707
    /// §2.2) and names the sign-in's granted scopes instead, which bind the token's audience at
    /// such a server: Microsoft Entra ID v2.0 refuses `resource` on a refresh (AADSTS9010010). Set
    /// by a quirk file (`omitsResourceOnRefresh`), or by a resource session from its server's
    /// catalog entry: never a guess.
    public var omitsResourceOnRefresh: Bool
    /// The `actor_token_type` a sibling app names the family's device secret with (OpenID
    /// Connect Native SSO draft 07 §4.1): the draft's own URN by default; Okta expects the earlier
    /// drafts' `urn:x-oath:params:oauth:token-type:device-secret` (quirk `deviceSecretTokenType`).
    public var deviceSecretTokenType: TokenTypeURI

    /// Quirks; the defaults are the standards' behaviour.
    public init(
        scopeSeparator: String = " ",
        scopeParameter: String = "scope",
        pkce: PKCEMethod = .s256,
        tokenEndpointAuthMethod: TokenEndpointAuthMethod = .none,
        basicAuthWithoutSecret: Bool = false,
        clientAssertionAudience: ClientAssertionAudience = .issuer,
        authorizationParameters: [QuirkParameter] = [],
        tokenRequestHeaders: [QuirkParameter] = [],
        tokenRequestParameters: [QuirkParameter] = [],
        tokenResponse: TokenResponseQuirks = TokenResponseQuirks(),
        pushedAuthorizationRequests: Bool = false,
        dpop: Bool = false,
        loopbackDevelopmentServer: Bool = false,
        omitsResourceOnRefresh: Bool = false,
        deviceSecretTokenType: TokenTypeURI = .deviceSecret
    ) {
        self.scopeSeparator = scopeSeparator
        self.scopeParameter = scopeParameter
        self.pkce = pkce
        self.tokenEndpointAuthMethod = tokenEndpointAuthMethod
        self.basicAuthWithoutSecret = basicAuthWithoutSecret
        self.clientAssertionAudience = clientAssertionAudience
        self.authorizationParameters = authorizationParameters
        self.tokenRequestHeaders = tokenRequestHeaders
        self.tokenRequestParameters = tokenRequestParameters
        self.tokenResponse = tokenResponse
        self.pushedAuthorizationRequests = pushedAuthorizationRequests
        self.dpop = dpop
        self.loopbackDevelopmentServer = loopbackDevelopmentServer
        self.omitsResourceOnRefresh = omitsResourceOnRefresh
        self.deviceSecretTokenType = deviceSecretTokenType
    }

    private enum CodingKeys: String, CodingKey {
        case scopeSeparator, scopeParameter, pkce, tokenEndpointAuthMethod, basicAuthWithoutSecret,
            clientAssertionAudience, authorizationParameters,
            tokenRequestHeaders, tokenRequestParameters, tokenResponse, pushedAuthorizationRequests, dpop,
            loopbackDevelopmentServer, omitsResourceOnRefresh, deviceSecretTokenType
    }

    /// Decodes quirks an app encoded with any earlier version: a member added since then takes
    /// its default when absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ProviderQuirks()
        scopeSeparator = try container.decodeIfPresent(String.self, forKey: .scopeSeparator) ?? defaults.scopeSeparator
        scopeParameter = try container.decodeIfPresent(String.self, forKey: .scopeParameter) ?? defaults.scopeParameter
        pkce = try container.decodeIfPresent(PKCEMethod.self, forKey: .pkce) ?? defaults.pkce
        tokenEndpointAuthMethod =
            try container.decodeIfPresent(TokenEndpointAuthMethod.self, forKey: .tokenEndpointAuthMethod)
            ?? defaults.tokenEndpointAuthMethod
        basicAuthWithoutSecret =
            try container.decodeIfPresent(Bool.self, forKey: .basicAuthWithoutSecret) ?? defaults.basicAuthWithoutSecret
        clientAssertionAudience =
            try container.decodeIfPresent(ClientAssertionAudience.self, forKey: .clientAssertionAudience)
            ?? defaults.clientAssertionAudience
        authorizationParameters =
            try container.decodeIfPresent([QuirkParameter].self, forKey: .authorizationParameters)
            ?? defaults.authorizationParameters
        tokenRequestHeaders =
            try container.decodeIfPresent([QuirkParameter].self, forKey: .tokenRequestHeaders)
            ?? defaults.tokenRequestHeaders
        tokenRequestParameters =
            try container.decodeIfPresent([QuirkParameter].self, forKey: .tokenRequestParameters)
            ?? defaults.tokenRequestParameters
        tokenResponse =
            try container.decodeIfPresent(TokenResponseQuirks.self, forKey: .tokenResponse) ?? defaults.tokenResponse
        pushedAuthorizationRequests =
            try container.decodeIfPresent(Bool.self, forKey: .pushedAuthorizationRequests)
            ?? defaults.pushedAuthorizationRequests
        dpop = try container.decodeIfPresent(Bool.self, forKey: .dpop) ?? defaults.dpop
        loopbackDevelopmentServer =
            try container.decodeIfPresent(Bool.self, forKey: .loopbackDevelopmentServer)
            ?? defaults.loopbackDevelopmentServer
        omitsResourceOnRefresh =
            try container.decodeIfPresent(Bool.self, forKey: .omitsResourceOnRefresh)
            ?? defaults.omitsResourceOnRefresh
        deviceSecretTokenType =
            try container.decodeIfPresent(TokenTypeURI.self, forKey: .deviceSecretTokenType)
            ?? defaults.deviceSecretTokenType
    }
}

extension ProviderQuirks {
    /// The value of a request's scope parameter: `scopes` joined with the provider's separator,
    /// each first checked to be one scope (OAuthPolicy's `ScopeToken`, the rule the build checks
    /// the quirk file's scopes with), so that no scope reaches the server as two.
    package func scopeParameterValue(_ scopes: [String]) throws(OAuthError) -> String {
        for scope in scopes {
            if let problem = ScopeToken.problem(in: scope, separator: scopeSeparator) {
                throw OAuthError.invalidRequest("expected \(ScopeToken.expectation), found \(problem)")
            }
        }
        return scopes.joined(separator: scopeSeparator)
    }
}
