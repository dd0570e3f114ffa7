import Foundation
import OAuthPolicy

/// Builds a `ProviderModel` from a provider's validated documents: quirks applied, endpoint
/// overrides resolved, names chosen and escaped.
public enum ModelBuilder {
    /// Indentation of `ProviderConfiguration(`'s arguments in the template.
    static let argumentIndent = "        "

    public static func build(_ provider: LoadedProvider, accessLevel: AccessLevel) -> (ProviderModel?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let discovery = provider.discovery
        let quirks = provider.quirks
        let nested = argumentIndent + "    "

        // Generated code force-unwraps `URL(string:)`: only text that the strict parsers accepted
        // (ServerURL for endpoints, the redirect checker for redirect URIs) reaches it, and Foundation
        // must agree, or the app would trap at launch.
        func checkedURL(_ value: Located<String>?, _ what: String, isServer: Bool) -> String? {
            guard let value else { return nil }
            guard URL(string: value.value) != nil, !isServer || (try? ServerURL(parsing: value.value)) != nil else {
                diagnostics.append(Diagnostic(.error, .discoveryInvalidURL,
                    "expected \(what) to be a valid absolute URL (RFC 3986), found '\(value.value)'", at: value.location))
                return nil
            }
            return SwiftLiterals.url(value.value)
        }

        // Endpoints: the quirk file overrides the discovery document.
        let overrides = quirks?.endpoints ?? QuirkFile.Endpoints()
        let endpointSources: [(label: String, value: Located<String>?, required: Bool)] = [
            ("authorization", overrides.authorization ?? discovery?.authorizationEndpoint, true),
            ("token", overrides.token ?? discovery?.tokenEndpoint, true),
            ("revocation", overrides.revocation ?? discovery?.revocationEndpoint, false),
            ("userinfo", overrides.userinfo ?? discovery?.userinfoEndpoint, false),
            ("endSession", overrides.endSession ?? discovery?.endSessionEndpoint, false),
            ("jwks", overrides.jwks ?? discovery?.jwksURI, false),
            ("pushedAuthorizationRequest", overrides.pushedAuthorizationRequest ?? discovery?.pushedAuthorizationRequestEndpoint, false),
            ("deviceAuthorization", overrides.deviceAuthorization ?? discovery?.deviceAuthorizationEndpoint, false),
        ]
        var endpointArguments: [ProviderModel.Argument] = []
        for source in endpointSources {
            if let expression = checkedURL(source.value, "endpoint \"\(source.label)\"", isServer: true) {
                endpointArguments.append(.init(label: source.label, expression: expression))
            } else if source.required && source.value == nil {
                diagnostics.append(Diagnostic(.error, .inputMissingDiscovery,
                    "expected a \(source.label) endpoint from the discovery document or the quirk file's \"endpoints\", found none",
                    at: discovery?.location ?? quirks?.location))
            }
        }

        let isOIDC = discovery?.kind == .openIDConnect
        let issuer = discovery?.issuer ?? quirks?.issuer
        var arguments: [ProviderModel.Argument] = [
            .init(label: "issuer", expression: issuer.map { SwiftNaming.stringLiteral($0.value) } ?? "nil"),
        ]
        if let placeholders = quirks?.issuerTemplate, !placeholders.isEmpty {
            let list = placeholders.map {
                "IssuerTemplate.Placeholder(name: \(SwiftNaming.stringLiteral($0.name.value)), claim: \(SwiftNaming.stringLiteral($0.claim.value)))"
            }
            arguments.append(.init(label: "issuerTemplate", expression: "IssuerTemplate(placeholders: \(SwiftLiterals.array(list, indent: argumentIndent)))"))
        }
        arguments.append(.init(label: "endpoints", expression: SwiftLiterals.call("ProviderEndpoints", endpointArguments, indent: argumentIndent)))

        func values(_ list: Located<[Located<String>]>?) -> [String] { list?.value.map(\.value) ?? [] }
        var metadata: [ProviderModel.Argument] = [
            .init(label: "kind", expression: isOIDC ? ".openIDConnect" : ".oauth2"),
            .init(label: "scopesSupported", expression: SwiftLiterals.strings(values(discovery?.scopesSupported), indent: nested)),
            .init(label: "responseTypesSupported", expression: SwiftLiterals.strings(discovery?.responseTypesSupported.map { values($0) } ?? ["code"], indent: nested)),
            .init(label: "codeChallengeMethodsSupported", expression: SwiftLiterals.strings(values(discovery?.codeChallengeMethodsSupported), indent: nested)),
            .init(label: "idTokenSigningAlgorithms", expression: SwiftLiterals.strings(values(discovery?.idTokenSigningAlgValuesSupported), indent: nested)),
            .init(label: "tokenEndpointAuthMethodsSupported", expression: SwiftLiterals.strings(values(discovery?.tokenEndpointAuthMethodsSupported), indent: nested)),
            .init(label: "claimsSupported", expression: SwiftLiterals.strings(values(discovery?.claimsSupported), indent: nested)),
        ]
        if discovery?.authorizationResponseIssParameterSupported?.value == true {
            metadata.append(.init(label: "authorizationResponseIssParameterSupported", expression: "true"))
        }
        if discovery?.requirePushedAuthorizationRequests?.value == true {
            metadata.append(.init(label: "requirePushedAuthorizationRequests", expression: "true"))
        }
        if let algorithms = discovery?.dpopSigningAlgValuesSupported {
            metadata.append(.init(label: "dpopSigningAlgorithms", expression: SwiftLiterals.strings(values(algorithms), indent: nested)))
        }
        arguments.append(.init(label: "metadata", expression: SwiftLiterals.call("ProviderMetadata", metadata, indent: argumentIndent)))

        if let quirks {
            let quirkArguments = quirkArguments(quirks, indent: nested)
            if !quirkArguments.isEmpty {
                arguments.append(.init(label: "quirks", expression: SwiftLiterals.call("ProviderQuirks", quirkArguments, indent: argumentIndent)))
            }
        }

        var redirectExpressions: [String] = []
        var redirectURIs: [Located<String>] = []
        for uri in quirks?.redirectURIs ?? [] {
            if let expression = checkedURL(uri, "redirect URI", isServer: false) {
                redirectExpressions.append(expression)
                redirectURIs.append(uri)
            }
        }
        let defaultScopes = quirks.map { $0.defaultScopes.map(\.value) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? (isOIDC ? ["openid"] : [])
        let client: [ProviderModel.Argument] = [
            .init(label: "clientID", expression: quirks?.clientID.map { SwiftNaming.stringLiteral($0.value) } ?? "nil"),
            .init(label: "redirectURIs", expression: SwiftLiterals.array(redirectExpressions, indent: nested)),
            .init(label: "defaultScopes", expression: SwiftLiterals.strings(defaultScopes, indent: nested)),
        ]
        arguments.append(.init(label: "client", expression: SwiftLiterals.call("ClientRegistration", client, indent: argumentIndent)))

        guard !diagnostics.containsErrors else { return (nil, diagnostics) }
        let model = ProviderModel(
            providerName: provider.name,
            typeName: quirks?.name?.value ?? SwiftNaming.upperCamelCase(provider.name),
            outputFileName: outputFileName(forProvider: provider.name),
            // File names land in a comment: escaped, so a name with a newline cannot add code.
            sourceFiles: provider.input.paths.map { SwiftNaming.docCommentText(($0 as NSString).lastPathComponent) },
            accessLevel: accessLevel,
            isOpenIDConnect: isOIDC,
            configurationArguments: arguments,
            scopes: scopes(discovery: discovery, quirks: quirks),
            claims: isOIDC ? claims(discovery: discovery, quirks: quirks) : [],
            userInfoMembers: isOIDC ? [] : userInfoMembers(quirks: quirks),
            redirectURIs: redirectCases(redirectURIs),
            prompts: isOIDC ? prompts(discovery: discovery) : [],
            capabilities: .init(
                revocation: endpointArguments.contains { $0.label == "revocation" },
                userInfo: endpointArguments.contains { $0.label == "userinfo" },
                endSession: isOIDC && endpointArguments.contains { $0.label == "endSession" },
                deviceAuthorization: endpointArguments.contains { $0.label == "deviceAuthorization" },
                dpop: quirks?.dpop?.value == true))
        return (model, diagnostics)
    }

    /// `google` → `google.oauthgen.swift`. Only the provider name in the input file names decides
    /// it, so the build plugin (which cannot link this module) declares the same name before the
    /// tool runs; the suffix marks the file as generated and keeps it clear of hand-written ones.
    public static func outputFileName(forProvider name: String) -> String {
        name + ".oauthgen.swift"
    }

    private static func quirkArguments(_ quirks: QuirkFile, indent: String) -> [ProviderModel.Argument] {
        var arguments: [ProviderModel.Argument] = []
        if let separator = quirks.scopeSeparator, separator.value != " " {
            arguments.append(.init(label: "scopeSeparator", expression: SwiftNaming.stringLiteral(separator.value)))
        }
        if quirks.basicAuthWithoutSecret?.value == true {
            arguments.append(.init(label: "basicAuthWithoutSecret", expression: "true"))
        }
        if let parameter = quirks.scopeParameter, parameter.value != "scope" {
            arguments.append(.init(label: "scopeParameter", expression: SwiftNaming.stringLiteral(parameter.value)))
        }
        if let pkce = quirks.pkce, pkce.value != .s256 {
            arguments.append(.init(label: "pkce", expression: pkce.value == .plain ? ".plain" : ".none"))
        }
        if let method = quirks.tokenEndpointAuthMethod, method.value != .none {
            arguments.append(.init(label: "tokenEndpointAuthMethod", expression: method.value == .clientSecretPost ? ".clientSecretPost" : ".clientSecretBasic"))
        }
        func parameters(_ list: [QuirkFile.Parameter]) -> String {
            SwiftLiterals.array(list.map {
                "QuirkParameter(name: \(SwiftNaming.stringLiteral($0.name.value)), value: \(SwiftNaming.stringLiteral($0.value.value)))"
            }, indent: indent)
        }
        if !quirks.authorizationParameters.isEmpty {
            arguments.append(.init(label: "authorizationParameters", expression: parameters(quirks.authorizationParameters)))
        }
        if !quirks.tokenRequestParameters.isEmpty {
            arguments.append(.init(label: "tokenRequestParameters", expression: parameters(quirks.tokenRequestParameters)))
        }
        if !quirks.tokenRequestHeaders.isEmpty {
            arguments.append(.init(label: "tokenRequestHeaders", expression: parameters(quirks.tokenRequestHeaders)))
        }
        var tokenResponse: [String] = []
        if quirks.tokenResponse.format?.value == .form { tokenResponse.append("format: .form") }
        if quirks.tokenResponse.missingTokenType?.value == true { tokenResponse.append("missingTokenType: true") }
        if quirks.tokenResponse.errorsWithStatus200?.value == true { tokenResponse.append("errorsWithStatus200: true") }
        if let path = quirks.tokenResponse.nestedIn {
            tokenResponse.append("nestedIn: \(SwiftLiterals.strings(path.value, indent: indent))")
        }
        if !quirks.tokenResponse.bearerTokenTypes.isEmpty {
            tokenResponse.append("bearerTokenTypes: \(SwiftLiterals.strings(quirks.tokenResponse.bearerTokenTypes.map(\.value), indent: indent))")
        }
        if !tokenResponse.isEmpty {
            arguments.append(.init(label: "tokenResponse", expression: "TokenResponseQuirks(\(tokenResponse.joined(separator: ", ")))"))
        }
        if quirks.pushedAuthorizationRequests?.value == true {
            arguments.append(.init(label: "pushedAuthorizationRequests", expression: "true"))
        }
        if quirks.dpop?.value == true {
            arguments.append(.init(label: "dpop", expression: "true"))
        }
        return arguments
    }

    private static func scopes(discovery: DiscoveryDocument?, quirks: QuirkFile?) -> [ProviderModel.Scope] {
        var names: [String] = []
        var descriptions: [String: String] = [:]
        for name in discovery?.scopesSupported?.value.map(\.value) ?? [] where !names.contains(name) {
            names.append(name)
        }
        for declaration in quirks?.scopes ?? [] {
            if !names.contains(declaration.name.value) { names.append(declaration.name.value) }
            if let description = declaration.description { descriptions[declaration.name.value] = description }
        }
        let identifiers = SwiftNaming.uniqueIdentifiers(for: names)
        return zip(names, identifiers).map { name, identifier in
            let documentation = descriptions[name] ?? StandardVocabulary.scopeDocumentation[name] ?? "The `\(name)` scope."
            return ProviderModel.Scope(identifier: identifier, literal: SwiftNaming.stringLiteral(name),
                                       documentation: SwiftNaming.docCommentText(documentation))
        }
    }

    /// One case per registered URI, named for its kind (`loopback`, `privateUseScheme`,
    /// `claimedHTTPS`), with the path's words added where two share a kind.
    private static func redirectCases(_ uris: [Located<String>]) -> [ProviderModel.RedirectCase] {
        let reports = uris.map { RedirectURIChecker.check($0.value) }
        let kinds: [(name: String, expression: String, documentation: String)] = reports.map { report in
            switch report.kind {
            case .loopback: ("loopback", ".loopback", "A loopback redirect (RFC 8252 §7.3): the listener adds the port it binds.")
            case .claimedHTTPS: ("claimedHTTPS", ".claimedHTTPS", "A claimed https redirect (RFC 8252 §7.2).")
            case .privateUse, .invalid: ("privateUseScheme", ".privateUseScheme", "A private-use URI scheme redirect (RFC 8252 §7.1).")
            }
        }
        let names = zip(reports, kinds).map { report, kind in
            let sharesKind = kinds.filter { $0.name == kind.name }.count > 1
            return sharesKind ? kind.name + SwiftNaming.upperCamelCase(report.parsed?.path ?? report.uri) : kind.name
        }
        let identifiers = SwiftNaming.uniqueIdentifiers(for: names)
        return zip(zip(uris, kinds), identifiers).map { pair, identifier in
            let (uri, kind) = pair
            return ProviderModel.RedirectCase(identifier: identifier, literal: SwiftNaming.stringLiteral(uri.value), kind: kind.expression,
                                              documentation: SwiftNaming.docCommentText("`\(uri.value)`. \(kind.documentation)"))
        }
    }

    /// The advertised `prompt` values; none when the document is silent (the standard ones apply).
    private static func prompts(discovery: DiscoveryDocument?) -> [ProviderModel.Scope] {
        var names: [String] = []
        for name in discovery?.promptValuesSupported?.value.map(\.value) ?? [] where !names.contains(name) { names.append(name) }
        let documentation: [String: String] = [
            "none": "No user interface: fail with `login_required` or `consent_required` instead.",
            "login": "Ask the user to sign in again.", "consent": "Ask the user for consent again.",
            "select_account": "Let the user choose among their accounts.", "create": "Offer to create an account (Prompt Create 1.0).",
        ]
        return zip(names, SwiftNaming.uniqueIdentifiers(for: names)).map { name, identifier in
            ProviderModel.Scope(identifier: identifier, literal: SwiftNaming.stringLiteral(name),
                                documentation: SwiftNaming.docCommentText(documentation[name] ?? "The `\(name)` prompt value."))
        }
    }

    /// An OAuth-only provider's userinfo members as its quirk file declares them, all optional;
    /// its `claims`, having no ID token to describe, can only describe userinfo too.
    private static func userInfoMembers(quirks: QuirkFile?) -> [ProviderModel.Claim] {
        var declarations: [QuirkFile.ClaimDeclaration] = []
        for declaration in (quirks?.userInfo ?? []) + (quirks?.claims ?? []) where !declarations.contains(where: { $0.name.value == declaration.name.value }) {
            declarations.append(declaration)
        }
        let names = declarations.map(\.name.value)
        return zip(declarations, SwiftNaming.uniqueIdentifiers(for: names)).map { declaration, identifier in
            ProviderModel.Claim(identifier: identifier, keyLiteral: SwiftNaming.stringLiteral(declaration.name.value),
                                swiftType: StandardVocabulary.swiftType(for: declaration.type),
                                documentation: SwiftNaming.docCommentText("The `\(declaration.name.value)` member, typed by the quirk file."), isRequired: false)
        }
    }

    private static func claims(discovery: DiscoveryDocument?, quirks: QuirkFile?) -> [ProviderModel.Claim] {
        var names = StandardVocabulary.requiredIDTokenClaims
        for name in discovery?.claimsSupported?.value.map(\.value) ?? [] where !names.contains(name) {
            names.append(name)
        }
        var declaredTypes: [String: QuirkFile.ClaimType] = [:]
        // An OpenID provider's userinfo is its claims: extra userinfo members join them.
        for declaration in (quirks?.claims ?? []) + (quirks?.userInfo ?? []) {
            if !names.contains(declaration.name.value) { names.append(declaration.name.value) }
            declaredTypes[declaration.name.value] = declaration.type
        }
        let identifiers = SwiftNaming.uniqueIdentifiers(for: names)
        return zip(names, identifiers).map { name, identifier in
            let standard = StandardVocabulary.claims[name]
            let swiftType: String
            let documentation: String
            if name == "sub" {
                (swiftType, documentation) = standard!
            } else if let declared = declaredTypes[name] {
                swiftType = StandardVocabulary.swiftType(for: declared)
                documentation = standard?.documentation ?? "The `\(name)` claim, typed by the quirk file."
            } else if let standard {
                (swiftType, documentation) = standard
            } else {
                swiftType = "ClaimValue"
                documentation = "The `\(name)` claim, listed in `claims_supported` without a documented type."
            }
            return ProviderModel.Claim(identifier: identifier, keyLiteral: SwiftNaming.stringLiteral(name), swiftType: swiftType,
                                       documentation: SwiftNaming.docCommentText(documentation), isRequired: name == "sub")
        }
    }
}
