import OAuthPolicy

/// What the generator knows about one provider once its documents are validated and its quirks
/// applied: plain values (URLs as text, kinds as enums, names chosen), no Swift source. It is the
/// template's context itself: `ProviderModel+Template.swift` names the keys a template reads and
/// escapes each value there, the only place besides the template that writes Swift.
package struct ProviderModel: Sendable, Hashable {
    /// The provider name from the file names, e.g. `google`.
    package var providerName: String
    /// The generated type's name, e.g. `Google`.
    package var typeName: String
    /// The generated file's name, derived from the provider name only (a build plugin must know
    /// it before reading any input): `google` → `google.oauthgen.swift`.
    package var outputFileName: String
    /// The input files' names, for the header comment.
    package var sourceFiles: [String]
    /// The access level of every generated declaration.
    package var accessLevel: AccessLevel
    /// Whether the provider issues ID tokens (its metadata is OpenID Connect Discovery).
    package var isOpenIDConnect: Bool
    /// The issuer, exactly as the metadata or quirk file states it.
    package var issuer: String?
    /// The issuer's run-time placeholders (Microsoft Entra's `{tenantid}`).
    package var issuerTemplate: [IssuerPlaceholder]
    /// The endpoints, the quirk file's overriding the metadata's, in ``EndpointName`` order.
    package var endpoints: [Endpoint]
    /// What the metadata advertises.
    package var metadata: Metadata
    /// The provider's deviations from the standards, as the quirk file states them.
    package var quirks: Quirks
    /// The client ID the quirk file registers, if any.
    package var clientID: String?
    /// The protected resource the tokens are for (RFC 9728 `resource`, sent as RFC 8707
    /// `resource`), for a provider pinned with `init --resource`.
    package var resource: String?
    /// Scopes requested when the app names none.
    package var defaultScopes: [String]
    /// The typed scope constants.
    package var scopes: [Constant]
    /// The ID token's claims (OpenID providers only; an OAuth-only provider has none).
    package var claims: [Claim]
    /// An OAuth-only provider's userinfo members, from its quirk file; all optional.
    package var userInfoMembers: [Claim]
    /// The registered redirect URIs, each classified once, as the cases of the generated enum.
    package var redirectURIs: [RedirectCase]
    /// The registered post-logout redirect URIs, as the cases of `PostLogoutRedirectURI`.
    package var postLogoutRedirectURIs: [RedirectCase]
    /// The `prompt` values from `prompt_values_supported`; empty for the standard set.
    package var prompts: [Constant]
    /// The `acr` values from `acr_values_supported` and the quirk file's `acrValues`.
    package var acrValues: [Constant]
    /// Which optional endpoints the provider has: their members exist only then.
    package var capabilities: Capabilities

    /// An endpoint the runtime's `ProviderEndpoints` has.
    package enum EndpointName: String, Sendable, Hashable, CaseIterable {
        case authorization, token, revocation, userinfo, endSession, jwks, pushedAuthorizationRequest,
            deviceAuthorization, registration

        /// Whether every provider must have it.
        package var isRequired: Bool { self == .authorization || self == .token }
    }

    /// One endpoint and its URL, which the strict server-URL parser and Foundation both accept.
    package struct Endpoint: Sendable, Hashable {
        package var name: EndpointName
        package var url: String
    }

    /// One `{name}` placeholder in the issuer and the ID token claim that fills it.
    package struct IssuerPlaceholder: Sendable, Hashable {
        package var name: String
        package var claim: String
    }

    /// The metadata members the runtime acts on; empty lists mean the document is silent.
    package struct Metadata: Sendable, Hashable {
        package var scopesSupported: [String] = []
        /// `["code"]` when the document is silent (a quirk-file-only provider).
        package var responseTypesSupported: [String] = ["code"]
        package var codeChallengeMethodsSupported: [String] = []
        package var idTokenSigningAlgorithms: [String] = []
        package var tokenEndpointAuthMethodsSupported: [String] = []
        package var claimsSupported: [String] = []
        package var authorizationResponseIssParameterSupported = false
        package var requirePushedAuthorizationRequests = false
        /// `nil` when the document does not list grant types (then every flow is allowed).
        package var grantTypesSupported: [String]?
        /// `nil` when the document does not list grant profiles.
        package var authorizationGrantProfilesSupported: [String]?
        /// `nil` when the document does not list response modes (then `query` is allowed).
        package var responseModesSupported: [String]?
        /// `nil` when the document does not list assertion signing algorithms.
        package var tokenEndpointAuthSigningAlgorithms: [String]?
        /// `nil` when the document does not list DPoP algorithms.
        package var dpopSigningAlgorithms: [String]?
        /// The document says `native_sso_supported`, or the quirk file names a family (Native SSO §5).
        package var nativeSSOSupported = false
    }

    /// The quirk file's deviations; `nil` and empty mean the standard behaviour.
    package struct Quirks: Sendable, Hashable {
        /// Only when not a space.
        package var scopeSeparator: String?
        package var basicAuthWithoutSecret = false
        /// Only when not `scope`.
        package var scopeParameter: String?
        /// Only when not `S256`.
        package var pkce: QuirkFile.PKCEMethod?
        /// Only when not `none`.
        package var tokenEndpointAuthMethod: QuirkFile.TokenEndpointAuthMethod?
        /// Only when not the issuer.
        package var clientAssertionAudience: QuirkFile.ClientAssertionAudience?
        package var authorizationParameters: [Pair] = []
        package var tokenRequestParameters: [Pair] = []
        package var tokenRequestHeaders: [Pair] = []
        package var tokenResponseIsForm = false
        package var missingTokenType = false
        package var errorsWithStatus200 = false
        package var tokenResponseNestedIn: [String]?
        package var bearerTokenTypes: [String] = []
        package var pushedAuthorizationRequests = false
        package var dpop = false
        package var loopbackDevelopmentServer = false
        package var omitsResourceOnRefresh = false
        /// Only when not the Native SSO draft's own URN.
        package var deviceSecretTokenType: String?

        /// Whether every quirk has its standard value.
        package var isStandard: Bool { self == Quirks() }
    }

    /// A name and a value, in file order.
    package struct Pair: Sendable, Hashable {
        package var name: String
        package var value: String
    }

    /// The endpoints whose members are generated only where the provider has them.
    package struct Capabilities: Sendable, Hashable {
        package var revocation: Bool
        package var userInfo: Bool
        package var endSession: Bool
        /// RFC 8628: `authorizeDevice` and the device `signIn` exist.
        package var deviceAuthorization: Bool
        /// RFC 9449: tokens are DPoP-bound, so the client takes where its keys are made.
        package var dpop: Bool
        /// Nothing the runtime checks when a client is made can fail: the quirk file names the
        /// client ID, and every endpoint is https or on a declared loopback development server.
        /// The provider then conforms to `BuildVerifiedProvider` (factories without `try`).
        package var buildVerified: Bool = false
        /// OpenID Connect Native SSO: the quirk file names a family, so the provider conforms to
        /// `SupportsNativeSSO` and the family's members exist.
        package var nativeSSO: Bool = false
    }

    /// The Keychain access group the family's apps share their sign-in through, when the quirk
    /// file names a family.
    package var familyKeychainAccessGroup: String?

    /// A case of the generated `RedirectURI` enum.
    package struct RedirectCase: Sendable, Hashable {
        package var identifier: String
        package var uri: String
        /// The kind RFC 8252 gives it, from the one classifier the build and the runtime share.
        package var kind: RedirectKind
    }

    /// A typed scope, prompt or `acr` constant.
    package struct Constant: Sendable, Hashable {
        package var identifier: String
        package var value: String
        /// Plain text; the renderer makes it a doc comment.
        package var documentation: String
    }

    /// The type of a claim's property; the template context spells it in Swift.
    package enum ClaimType: Sendable, Hashable {
        case string, bool, int, double, date, strings
        /// OIDC Core §2 `aud`: one string or an array.
        case audience
        /// OIDC Core §5.1.1 `address`.
        case address
        /// Listed without a documented type: any JSON value.
        case anyJSON

        /// A type the quirk file declares.
        init(_ declared: QuirkFile.ClaimType) {
            switch declared {
            case .string: self = .string
            case .bool: self = .bool
            case .int: self = .int
            case .double: self = .double
            case .date: self = .date
            case .strings: self = .strings
            }
        }
    }

    /// A typed claim property.
    package struct Claim: Sendable, Hashable {
        package var identifier: String
        /// The JSON member name.
        package var name: String
        /// The property's type, from ``StandardVocabulary`` or the quirk file.
        package var type: ClaimType
        /// Plain text; the renderer makes it a doc comment.
        package var documentation: String
        /// `sub` is the only claim every ID token and userinfo response must have.
        package var isRequired: Bool
    }
}
