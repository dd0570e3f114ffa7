import OAuthPolicy

/// What the generator knows about one provider once its documents are validated and its quirks
/// applied: plain values (URLs as text, kinds as enums, names chosen), no Swift source. The
/// ``Renderer`` turns it into a ``TemplateContext``; only the renderer and the template write Swift.
public struct ProviderModel: Sendable, Hashable {
    /// The provider name from the file names, e.g. `google`.
    public var providerName: String
    /// The generated type's name, e.g. `Google`.
    public var typeName: String
    /// The generated file's name, derived from the provider name only (a build plugin must know
    /// it before reading any input): `google` → `google.oauthgen.swift`.
    public var outputFileName: String
    /// The input files' names, for the header comment.
    public var sourceFiles: [String]
    /// The access level of every generated declaration.
    public var accessLevel: AccessLevel
    /// Whether the provider issues ID tokens (its metadata is OpenID Connect Discovery).
    public var isOpenIDConnect: Bool
    /// The issuer, exactly as the metadata or quirk file states it.
    public var issuer: String?
    /// The issuer's run-time placeholders (Microsoft Entra's `{tenantid}`).
    public var issuerTemplate: [IssuerPlaceholder]
    /// The endpoints, the quirk file's overriding the metadata's, in ``EndpointName`` order.
    public var endpoints: [Endpoint]
    /// What the metadata advertises.
    public var metadata: Metadata
    /// The provider's deviations from the standards, as the quirk file states them.
    public var quirks: Quirks
    /// The client ID the quirk file registers, if any.
    public var clientID: String?
    /// Scopes requested when the app names none.
    public var defaultScopes: [String]
    /// The typed scope constants.
    public var scopes: [Constant]
    /// The ID token's claims (OpenID providers only; an OAuth-only provider has none).
    public var claims: [Claim]
    /// An OAuth-only provider's userinfo members, from its quirk file; all optional.
    public var userInfoMembers: [Claim]
    /// The registered redirect URIs, each classified once, as the cases of the generated enum.
    public var redirectURIs: [RedirectCase]
    /// The registered post-logout redirect URIs, as the cases of `PostLogoutRedirectURI`.
    public var postLogoutRedirectURIs: [RedirectCase]
    /// The `prompt` values from `prompt_values_supported`; empty for the standard set.
    public var prompts: [Constant]
    /// Which optional endpoints the provider has: their members exist only then.
    public var capabilities: Capabilities

    /// An endpoint the runtime's `ProviderEndpoints` has.
    public enum EndpointName: String, Sendable, Hashable, CaseIterable {
        case authorization, token, revocation, userinfo, endSession, jwks, pushedAuthorizationRequest, deviceAuthorization

        /// Whether every provider must have it.
        public var isRequired: Bool { self == .authorization || self == .token }
    }

    /// One endpoint and its URL, which the strict server-URL parser and Foundation both accept.
    public struct Endpoint: Sendable, Hashable {
        public var name: EndpointName
        public var url: String
    }

    /// One `{name}` placeholder in the issuer and the ID token claim that fills it.
    public struct IssuerPlaceholder: Sendable, Hashable {
        public var name: String
        public var claim: String
    }

    /// The metadata members the runtime acts on; empty lists mean the document is silent.
    public struct Metadata: Sendable, Hashable {
        public var scopesSupported: [String] = []
        /// `["code"]` when the document is silent (a quirk-file-only provider).
        public var responseTypesSupported: [String] = ["code"]
        public var codeChallengeMethodsSupported: [String] = []
        public var idTokenSigningAlgorithms: [String] = []
        public var tokenEndpointAuthMethodsSupported: [String] = []
        public var claimsSupported: [String] = []
        public var authorizationResponseIssParameterSupported = false
        public var requirePushedAuthorizationRequests = false
        /// `nil` when the document does not list grant types (then every flow is allowed).
        public var grantTypesSupported: [String]?
        /// `nil` when the document does not list response modes (then `query` is allowed).
        public var responseModesSupported: [String]?
        /// `nil` when the document does not list DPoP algorithms.
        public var dpopSigningAlgorithms: [String]?
    }

    /// The quirk file's deviations; `nil` and empty mean the standard behaviour.
    public struct Quirks: Sendable, Hashable {
        /// Only when not a space.
        public var scopeSeparator: String?
        public var basicAuthWithoutSecret = false
        /// Only when not `scope`.
        public var scopeParameter: String?
        /// Only when not `S256`.
        public var pkce: QuirkFile.PKCEMethod?
        /// Only when not `none`.
        public var tokenEndpointAuthMethod: QuirkFile.TokenEndpointAuthMethod?
        public var authorizationParameters: [Pair] = []
        public var tokenRequestParameters: [Pair] = []
        public var tokenRequestHeaders: [Pair] = []
        public var tokenResponseIsForm = false
        public var missingTokenType = false
        public var errorsWithStatus200 = false
        public var tokenResponseNestedIn: [String]?
        public var bearerTokenTypes: [String] = []
        public var pushedAuthorizationRequests = false
        public var dpop = false
        public var loopbackDevelopmentServer = false

        /// Whether every quirk has its standard value.
        public var isStandard: Bool { self == Quirks() }
    }

    /// A name and a value, in file order.
    public struct Pair: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// The endpoints whose members are generated only where the provider has them.
    public struct Capabilities: Sendable, Hashable {
        public var revocation: Bool
        public var userInfo: Bool
        public var endSession: Bool
        /// RFC 8628: `authorizeDevice` and the device `signIn` exist.
        public var deviceAuthorization: Bool
        /// RFC 9449: tokens are DPoP-bound, so the client takes where its keys are made.
        public var dpop: Bool
        /// Nothing the runtime checks when a client is made can fail: the quirk file names the
        /// client ID, and every endpoint is https or on a declared loopback development server.
        /// The provider then conforms to `BuildVerifiedProvider` (factories without `try`).
        public var buildVerified: Bool = false
    }

    /// A case of the generated `RedirectURI` enum.
    public struct RedirectCase: Sendable, Hashable {
        public var identifier: String
        public var uri: String
        /// The kind RFC 8252 gives it, from the one classifier the build and the runtime share.
        public var kind: RedirectKind
    }

    /// A typed scope or prompt constant.
    public struct Constant: Sendable, Hashable {
        public var identifier: String
        public var value: String
        /// Plain text; the renderer makes it a doc comment.
        public var documentation: String
    }

    /// A typed claim property.
    public struct Claim: Sendable, Hashable {
        public var identifier: String
        /// The JSON member name.
        public var name: String
        /// The property's type without the optional mark, e.g. `String`: a type the runtime or
        /// Foundation declares, chosen from ``StandardVocabulary``.
        public var swiftType: String
        /// Plain text; the renderer makes it a doc comment.
        public var documentation: String
        /// `sub` is the only claim every ID token and userinfo response must have.
        public var isRequired: Bool
    }
}
