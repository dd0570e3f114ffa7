/// One argument of `ProviderMetadata(…)`, `ProviderQuirks(…)` or `TokenResponseQuirks(…)` in the
/// generated configuration: a label and a typed value the template spells. Only arguments that
/// differ from the runtime's defaults are written, so a generated file states what is particular
/// about its provider and nothing else.
package struct ConfigurationArgument: Sendable, Hashable {
    /// The runtime initializer's argument label.
    package var label: String
    package var value: Value

    /// What the template writes after the label.
    package enum Value: Sendable, Hashable {
        /// A string, written as a literal.
        case string(String)
        /// A case of a runtime enum, by name: `.openIDConnect`.
        case enumCase(String)
        /// `true` (a `false` flag is the default and never written).
        case `true`
        /// An array of strings.
        case strings([String])
        /// `QuirkParameter`s, in file order.
        case parameters([ProviderModel.Pair])
        /// The arguments of `TokenResponseQuirks(…)`.
        case tokenResponseQuirks([ConfigurationArgument])
    }
}

extension ProviderModel {
    /// `ProviderMetadata(…)`'s arguments: `kind` first, then each that differs from its default.
    package var metadataArguments: [ConfigurationArgument] {
        var arguments = [
            ConfigurationArgument(label: "kind", value: .enumCase(isOpenIDConnect ? "openIDConnect" : "oauth2"))
        ]
        func list(_ label: String, _ values: [String], default standard: [String] = []) {
            if values != standard { arguments.append(.init(label: label, value: .strings(values))) }
        }
        func optionalList(_ label: String, _ values: [String]?) {
            if let values { arguments.append(.init(label: label, value: .strings(values))) }
        }
        list("scopesSupported", metadata.scopesSupported)
        list("responseTypesSupported", metadata.responseTypesSupported, default: ["code"])
        list("codeChallengeMethodsSupported", metadata.codeChallengeMethodsSupported)
        list("idTokenSigningAlgorithms", metadata.idTokenSigningAlgorithms)
        list("tokenEndpointAuthMethodsSupported", metadata.tokenEndpointAuthMethodsSupported)
        list("claimsSupported", metadata.claimsSupported)
        if metadata.authorizationResponseIssParameterSupported {
            arguments.append(.init(label: "authorizationResponseIssParameterSupported", value: .true))
        }
        if metadata.requirePushedAuthorizationRequests {
            arguments.append(.init(label: "requirePushedAuthorizationRequests", value: .true))
        }
        optionalList("dpopSigningAlgorithms", metadata.dpopSigningAlgorithms)
        // The runtime refuses a browser sign-in these rule out, as the build does (`CodeFlowSupport`).
        optionalList("grantTypesSupported", metadata.grantTypesSupported)
        optionalList("responseModesSupported", metadata.responseModesSupported)
        // The runtime takes the ID-JAG profile for the jwt-bearer grant, as the build does (`ExtensionGrant.refusal`).
        optionalList("authorizationGrantProfilesSupported", metadata.authorizationGrantProfilesSupported)
        // The runtime holds a client key to them, as the build does (`ClientAuthenticationMethod.refusal`);
        // only a client that signs assertions needs them.
        if quirks.tokenEndpointAuthMethod == .privateKeyJWT {
            optionalList("tokenEndpointAuthSigningAlgorithms", metadata.tokenEndpointAuthSigningAlgorithms)
        }
        // Last, as `ProviderMetadata.init` declares it.
        if metadata.nativeSSOSupported {
            arguments.append(.init(label: "nativeSSOSupported", value: .true))
        }
        return arguments
    }

    /// `ProviderQuirks(…)`'s arguments, each only where it differs from the runtime's default.
    package var quirkArguments: [ConfigurationArgument] { quirks.arguments }
}

extension ProviderModel.Quirks {
    /// `ProviderQuirks(…)`'s arguments, each only where it differs from the runtime's default.
    package var arguments: [ConfigurationArgument] {
        var arguments: [ConfigurationArgument] = []
        func add(_ label: String, _ value: ConfigurationArgument.Value?) {
            if let value { arguments.append(.init(label: label, value: value)) }
        }
        add("scopeSeparator", scopeSeparator.map { .string($0) })
        add("basicAuthWithoutSecret", basicAuthWithoutSecret ? .true : nil)
        add("scopeParameter", scopeParameter.map { .string($0) })
        add("pkce", pkce.map { .enumCase($0.caseName) })
        add("tokenEndpointAuthMethod", tokenEndpointAuthMethod.map { .enumCase($0.caseName) })
        add("clientAssertionAudience", clientAssertionAudience.map { .enumCase($0.caseName) })
        add(
            "authorizationParameters",
            authorizationParameters.isEmpty ? nil : .parameters(authorizationParameters))
        add(
            "tokenRequestParameters",
            tokenRequestParameters.isEmpty ? nil : .parameters(tokenRequestParameters))
        add("tokenRequestHeaders", tokenRequestHeaders.isEmpty ? nil : .parameters(tokenRequestHeaders))
        var tokenResponse: [ConfigurationArgument] = []
        if tokenResponseIsForm { tokenResponse.append(.init(label: "format", value: .enumCase("form"))) }
        if missingTokenType { tokenResponse.append(.init(label: "missingTokenType", value: .true)) }
        if errorsWithStatus200 { tokenResponse.append(.init(label: "errorsWithStatus200", value: .true)) }
        if let path = tokenResponseNestedIn {
            tokenResponse.append(.init(label: "nestedIn", value: .strings(path)))
        }
        if !bearerTokenTypes.isEmpty {
            tokenResponse.append(.init(label: "bearerTokenTypes", value: .strings(bearerTokenTypes)))
        }
        add("tokenResponse", tokenResponse.isEmpty ? nil : .tokenResponseQuirks(tokenResponse))
        add("pushedAuthorizationRequests", pushedAuthorizationRequests ? .true : nil)
        add("dpop", dpop ? .true : nil)
        add("loopbackDevelopmentServer", loopbackDevelopmentServer ? .true : nil)
        add("omitsResourceOnRefresh", omitsResourceOnRefresh ? .true : nil)
        add("deviceSecretTokenType", deviceSecretTokenType.map { .string($0) })
        return arguments
    }
}
