/// Everything the template needs to render one provider, already normalized and escaped:
/// templates only place these strings, they never escape or decide anything.
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
    public var accessLevel: AccessLevel
    public var isOpenIDConnect: Bool
    /// The arguments of `ProviderConfiguration(...)`, as Swift source.
    public var configurationArguments: [Argument]
    public var scopes: [Scope]
    /// The ID token's claims (OpenID providers only; an OAuth-only provider has none).
    public var claims: [Claim]
    /// An OAuth-only provider's userinfo members, from its quirk file; all optional.
    public var userInfoMembers: [Claim]
    /// The registered redirect URIs, as the cases of the generated `RedirectURI` enum.
    public var redirectURIs: [RedirectCase]
    /// The `prompt` values from `prompt_values_supported`; empty for the standard set.
    public var prompts: [Scope]
    /// Which optional endpoints the provider has: their members exist only then.
    public var capabilities: Capabilities

    /// The endpoints whose members are generated only where the provider has them.
    public struct Capabilities: Sendable, Hashable {
        public var revocation: Bool
        public var userInfo: Bool
        public var endSession: Bool
        /// RFC 8628: `authorizeDevice` and the device `signIn` exist.
        public var deviceAuthorization: Bool
        /// RFC 9449: tokens are DPoP-bound, so the client takes where its keys are made.
        public var dpop: Bool
    }

    /// A case of the generated `RedirectURI` enum.
    public struct RedirectCase: Sendable, Hashable {
        public var identifier: String
        /// The URI as a string literal.
        public var literal: String
        /// The `RedirectURIKind` case, e.g. `.loopback`.
        public var kind: String
        public var documentation: String
    }

    /// `label: expression` in a generated initializer call.
    public struct Argument: Sendable, Hashable {
        public var label: String
        public var expression: String
    }

    /// A typed scope constant.
    public struct Scope: Sendable, Hashable {
        public var identifier: String
        public var literal: String
        public var documentation: String
    }

    /// A typed claim property.
    public struct Claim: Sendable, Hashable {
        public var identifier: String
        /// The JSON member name as a string literal.
        public var keyLiteral: String
        /// The property's type without the optional mark, e.g. `String`.
        public var swiftType: String
        public var documentation: String
        /// `sub` is the only claim every ID token and userinfo response must have.
        public var isRequired: Bool
    }
}

/// The access level of the generated declarations.
public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
    case `public`
    case `internal`
}
