import OAuthPolicy

/// Renders provider models to Swift source with a template set: it owns every piece of Swift
/// text the generator writes, the template's layout aside. Values from input files become
/// escaped literals and comment text here, and nowhere else.
package struct Renderer: Sendable {
    let templates: TemplateSet

    package init(templates: TemplateSet) {
        self.templates = templates
    }

    package func render(_ model: ProviderModel) -> String {
        templates.providerClient.render(Self.context(for: model).dictionary)
    }

    /// The template's view of one provider.
    package static func context(for model: ProviderModel) -> TemplateContext {
        TemplateContext(
            sourceFiles: model.sourceFiles.map(SwiftNaming.docCommentText).joined(separator: " and "),
            providerName: SwiftNaming.docCommentText(model.providerName),
            typeName: model.typeName,
            access: model.accessLevel.rawValue,
            isOpenIDConnect: model.isOpenIDConnect,
            hasRevocation: model.capabilities.revocation,
            hasUserInfo: model.capabilities.userInfo,
            hasEndSession: model.capabilities.endSession,
            hasDeviceAuthorization: model.capabilities.deviceAuthorization,
            usesDPoP: model.capabilities.dpop,
            isBuildVerified: model.capabilities.buildVerified,
            configuration: configuration(model),
            scopes: model.scopes.map(constant),
            redirectURIs: model.redirectURIs.map(redirectCase),
            hasRedirectURIs: !model.redirectURIs.isEmpty,
            postLogoutRedirectURIs: model.postLogoutRedirectURIs.map(redirectCase),
            hasPostLogoutRedirectURIs: !model.postLogoutRedirectURIs.isEmpty,
            prompts: model.prompts.map(constant),
            hasPrompts: !model.prompts.isEmpty,
            claims: claims(model.claims),
            userInfoMembers: claims(model.userInfoMembers),
            hasUserInfoMembers: !model.userInfoMembers.isEmpty)
    }

    private static func configuration(_ model: ProviderModel) -> TemplateContext.Configuration {
        let endpoints = model.endpoints.map { (label: $0.name.rawValue, value: url($0.url)) }

        let data = model.metadata
        var metadata: [(label: String, value: String)] = [("kind", model.isOpenIDConnect ? ".openIDConnect" : ".oauth2")]
        func list(_ label: String, _ values: [String], default standard: [String] = []) {
            if values != standard { metadata.append((label, strings(values))) }
        }
        list("scopesSupported", data.scopesSupported)
        list("responseTypesSupported", data.responseTypesSupported, default: ["code"])
        list("codeChallengeMethodsSupported", data.codeChallengeMethodsSupported)
        list("idTokenSigningAlgorithms", data.idTokenSigningAlgorithms)
        list("tokenEndpointAuthMethodsSupported", data.tokenEndpointAuthMethodsSupported)
        list("claimsSupported", data.claimsSupported)
        if data.authorizationResponseIssParameterSupported { metadata.append(("authorizationResponseIssParameterSupported", "true")) }
        if data.requirePushedAuthorizationRequests { metadata.append(("requirePushedAuthorizationRequests", "true")) }
        if let algorithms = data.dpopSigningAlgorithms { metadata.append(("dpopSigningAlgorithms", strings(algorithms))) }
        // The runtime refuses a browser sign-in these rule out, as the build does (`CodeFlowSupport`).
        if let grants = data.grantTypesSupported { metadata.append(("grantTypesSupported", strings(grants))) }
        if let modes = data.responseModesSupported { metadata.append(("responseModesSupported", strings(modes))) }

        let quirks = quirkMembers(model.quirks)
        return TemplateContext.Configuration(
            issuer: model.issuer.map(SwiftNaming.stringLiteral) ?? "nil",
            hasIssuerTemplate: !model.issuerTemplate.isEmpty,
            issuerPlaceholders: model.issuerTemplate.enumerated().map { index, placeholder in
                .init(name: SwiftNaming.stringLiteral(placeholder.name), claim: SwiftNaming.stringLiteral(placeholder.claim),
                      last: index == model.issuerTemplate.count - 1)
            },
            endpoints: members(endpoints),
            metadata: members(metadata),
            quirks: members(quirks),
            hasQuirks: !quirks.isEmpty,
            clientID: model.clientID.map(SwiftNaming.stringLiteral) ?? "nil",
            defaultScopes: strings(model.defaultScopes))
    }

    /// `ProviderQuirks(…)`'s arguments, each only where it differs from the runtime's default.
    private static func quirkMembers(_ quirks: ProviderModel.Quirks) -> [(label: String, value: String)] {
        var members: [(label: String, value: String)] = []
        if let separator = quirks.scopeSeparator { members.append(("scopeSeparator", SwiftNaming.stringLiteral(separator))) }
        if quirks.basicAuthWithoutSecret { members.append(("basicAuthWithoutSecret", "true")) }
        if let parameter = quirks.scopeParameter { members.append(("scopeParameter", SwiftNaming.stringLiteral(parameter))) }
        if let pkce = quirks.pkce { members.append(("pkce", "." + pkce.caseName)) }
        if let method = quirks.tokenEndpointAuthMethod { members.append(("tokenEndpointAuthMethod", "." + method.caseName)) }
        func parameters(_ pairs: [ProviderModel.Pair]) -> String {
            "[" + pairs.map { "QuirkParameter(name: \(SwiftNaming.stringLiteral($0.name)), value: \(SwiftNaming.stringLiteral($0.value)))" }
                .joined(separator: ", ") + "]"
        }
        if !quirks.authorizationParameters.isEmpty { members.append(("authorizationParameters", parameters(quirks.authorizationParameters))) }
        if !quirks.tokenRequestParameters.isEmpty { members.append(("tokenRequestParameters", parameters(quirks.tokenRequestParameters))) }
        if !quirks.tokenRequestHeaders.isEmpty { members.append(("tokenRequestHeaders", parameters(quirks.tokenRequestHeaders))) }
        var tokenResponse: [String] = []
        if quirks.tokenResponseIsForm { tokenResponse.append("format: .form") }
        if quirks.missingTokenType { tokenResponse.append("missingTokenType: true") }
        if quirks.errorsWithStatus200 { tokenResponse.append("errorsWithStatus200: true") }
        if let path = quirks.tokenResponseNestedIn { tokenResponse.append("nestedIn: \(strings(path))") }
        if !quirks.bearerTokenTypes.isEmpty { tokenResponse.append("bearerTokenTypes: \(strings(quirks.bearerTokenTypes))") }
        if !tokenResponse.isEmpty { members.append(("tokenResponse", "TokenResponseQuirks(\(tokenResponse.joined(separator: ", ")))")) }
        if quirks.pushedAuthorizationRequests { members.append(("pushedAuthorizationRequests", "true")) }
        if quirks.dpop { members.append(("dpop", "true")) }
        if quirks.loopbackDevelopmentServer { members.append(("loopbackDevelopmentServer", "true")) }
        return members
    }

    private static func members(_ pairs: [(label: String, value: String)]) -> [TemplateContext.Member] {
        pairs.enumerated().map { index, pair in .init(label: pair.label, value: pair.value, last: index == pairs.count - 1) }
    }

    private static func constant(_ constant: ProviderModel.Constant) -> TemplateContext.Constant {
        .init(identifier: constant.identifier, literal: SwiftNaming.stringLiteral(constant.value),
              documentation: SwiftNaming.docCommentText(constant.documentation))
    }

    private static func redirectCase(_ redirect: ProviderModel.RedirectCase) -> TemplateContext.RedirectCase {
        let port = redirect.kind == .loopback ? ": the listener adds the port it binds" : ""
        return .init(identifier: redirect.identifier, literal: SwiftNaming.stringLiteral(redirect.uri), kind: redirect.kind.rawValue,
                     documentation: SwiftNaming.docCommentText("`\(redirect.uri)`. A \(redirect.kind)\(port)."))
    }

    private static func claims(_ claims: [ProviderModel.Claim]) -> [TemplateContext.Claim] {
        claims.enumerated().map { index, claim in
            .init(identifier: claim.identifier, keyLiteral: SwiftNaming.stringLiteral(claim.name), swiftType: claim.swiftType,
                  documentation: SwiftNaming.docCommentText(claim.documentation), isRequired: claim.isRequired, last: index == claims.count - 1)
        }
    }

    /// `URL(string: "…")!`: validation has checked that Foundation parses it.
    private static func url(_ text: String) -> String {
        "URL(string: \(SwiftNaming.stringLiteral(text)))!"
    }

    private static func strings(_ values: [String]) -> String {
        "[" + values.map(SwiftNaming.stringLiteral).joined(separator: ", ") + "]"
    }
}
