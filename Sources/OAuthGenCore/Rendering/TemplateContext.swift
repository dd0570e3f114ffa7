/// What a template sees when it renders one provider: every value already Swift source (escaped
/// string literals, identifiers, expressions) or a flag, so a template decides layout only.
///
/// Its shape is part of oauthgen's API for `--templates` overrides and is versioned: a template
/// states the version it was written for in a comment, `{{! oauthgen-template-context 2 }}`,
/// and a template that names a key this version does not have is refused with the key's line
/// and column (Mustache itself would render a misspelt key as empty text). `Templates/README.md`
/// documents every key.
package struct TemplateContext: Sendable {
    /// The version of this shape; bumped whenever a key is renamed or removed.
    package static let version = 2

    /// ``version``, for templates that print it.
    package var contextVersion = TemplateContext.version
    /// The input files' names, for the header comment: `a.json and a.quirks.plist`.
    package var sourceFiles: String
    /// The provider name from the file names, comment-safe.
    package var providerName: String
    /// The generated type's name.
    package var typeName: String
    /// `public` or `internal`.
    package var access: String
    /// Whether the provider issues ID tokens.
    package var isOpenIDConnect: Bool
    /// The provider's capabilities: each decides a conformance and which members are generated
    /// `@available(*, unavailable)`.
    package var hasRevocation: Bool
    package var hasUserInfo: Bool
    package var hasEndSession: Bool
    package var hasDeviceAuthorization: Bool
    package var usesDPoP: Bool
    /// The client and session are made without `try` (`BuildVerifiedProvider`).
    package var isBuildVerified: Bool
    /// The `ProviderConfiguration` the provider type holds.
    package var configuration: Configuration
    package var scopes: [Constant]
    package var redirectURIs: [RedirectCase]
    package var hasRedirectURIs: Bool
    /// The cases of `PostLogoutRedirectURI` (providers with an end-session endpoint).
    package var postLogoutRedirectURIs: [RedirectCase]
    package var hasPostLogoutRedirectURIs: Bool
    package var prompts: [Constant]
    package var hasPrompts: Bool
    /// OpenID providers only.
    package var claims: [Claim]
    /// OAuth-only providers only.
    package var userInfoMembers: [Claim]
    package var hasUserInfoMembers: Bool

    /// The arguments of `ProviderConfiguration(…)`.
    package struct Configuration: Sendable {
        /// A string literal, or `nil`.
        package var issuer: String
        package var hasIssuerTemplate: Bool
        package var issuerPlaceholders: [Placeholder]
        /// The arguments of `ProviderEndpoints(…)`, in its parameter order.
        package var endpoints: [Member]
        /// The arguments of `ProviderMetadata(…)` that differ from its defaults, `kind` first.
        package var metadata: [Member]
        /// The arguments of `ProviderQuirks(…)` that differ from its defaults.
        package var quirks: [Member]
        package var hasQuirks: Bool
        /// A string literal, or `nil`.
        package var clientID: String
        /// An array literal of string literals.
        package var defaultScopes: String
    }

    /// `label: value` in a call; `last` marks the one without a trailing comma.
    package struct Member: Sendable {
        package var label: String
        /// A Swift expression: a literal, `URL(string: "…")!`, `.openIDConnect`, an array literal.
        package var value: String
        package var last: Bool
    }

    /// An `IssuerTemplate.Placeholder`'s arguments, as string literals.
    package struct Placeholder: Sendable {
        package var name: String
        package var claim: String
        package var last: Bool
    }

    /// A scope or prompt constant.
    package struct Constant: Sendable {
        package var identifier: String
        /// The value as a string literal.
        package var literal: String
        /// One line of doc comment text.
        package var documentation: String
    }

    /// A case of the generated `RedirectURI` enum.
    package struct RedirectCase: Sendable {
        package var identifier: String
        /// The URI as a string literal.
        package var literal: String
        /// The `RedirectURIKind` case's name: `privateUseScheme`, `claimedHTTPS` or `loopback`.
        package var kind: String
        /// One line of doc comment text.
        package var documentation: String
    }

    /// A claim or userinfo member.
    package struct Claim: Sendable {
        package var identifier: String
        /// The JSON member name as a string literal.
        package var keyLiteral: String
        /// The property's type without the optional mark, e.g. `String`.
        package var swiftType: String
        /// One line of doc comment text.
        package var documentation: String
        /// Only `sub` is; every other claim is optional.
        package var isRequired: Bool
        package var last: Bool
    }
}

/// The context as swift-mustache reads it fastest: dictionaries and arrays, made once per render
/// (it looks a key up in a dictionary directly, but reflects over a struct for every tag of every
/// loop iteration, six times slower for a whole run). Each dictionary has exactly its struct's
/// stored properties as keys; `TemplateContextTests` holds the two to each other.
extension TemplateContext {
    var dictionary: [String: Any] {
        [
            "contextVersion": contextVersion, "sourceFiles": sourceFiles, "providerName": providerName, "typeName": typeName,
            "access": access, "isOpenIDConnect": isOpenIDConnect, "hasRevocation": hasRevocation, "hasUserInfo": hasUserInfo,
            "hasEndSession": hasEndSession, "hasDeviceAuthorization": hasDeviceAuthorization, "usesDPoP": usesDPoP, "isBuildVerified": isBuildVerified,
            "configuration": configuration.dictionary, "scopes": scopes.map(\.dictionary), "redirectURIs": redirectURIs.map(\.dictionary),
            "hasRedirectURIs": hasRedirectURIs, "hasPostLogoutRedirectURIs": hasPostLogoutRedirectURIs, "postLogoutRedirectURIs": postLogoutRedirectURIs.map(\.dictionary),
            "prompts": prompts.map(\.dictionary), "hasPrompts": hasPrompts,
            "claims": claims.map(\.dictionary), "userInfoMembers": userInfoMembers.map(\.dictionary), "hasUserInfoMembers": hasUserInfoMembers,
        ]
    }
}

extension TemplateContext.Configuration {
    var dictionary: [String: Any] {
        [
            "issuer": issuer, "hasIssuerTemplate": hasIssuerTemplate, "issuerPlaceholders": issuerPlaceholders.map(\.dictionary),
            "endpoints": endpoints.map(\.dictionary), "metadata": metadata.map(\.dictionary), "quirks": quirks.map(\.dictionary),
            "hasQuirks": hasQuirks, "clientID": clientID, "defaultScopes": defaultScopes,
        ]
    }
}

extension TemplateContext.Member {
    var dictionary: [String: Any] { ["label": label, "value": value, "last": last] }
}

extension TemplateContext.Placeholder {
    var dictionary: [String: Any] { ["name": name, "claim": claim, "last": last] }
}

extension TemplateContext.Constant {
    var dictionary: [String: Any] { ["identifier": identifier, "literal": literal, "documentation": documentation] }
}

extension TemplateContext.RedirectCase {
    var dictionary: [String: Any] { ["identifier": identifier, "literal": literal, "kind": kind, "documentation": documentation] }
}

extension TemplateContext.Claim {
    var dictionary: [String: Any] {
        ["identifier": identifier, "keyLiteral": keyLiteral, "swiftType": swiftType, "documentation": documentation,
         "isRequired": isRequired, "last": last]
    }
}
