import Foundation
import OAuthPolicy

/// Builds a `ProviderModel` from a provider that passed validation: quirks applied, endpoint
/// overrides resolved, names chosen. It decides nothing the rules in `Validation/` check and
/// writes no Swift: the renderer does.
package enum ModelBuilder {
    /// The model, or `nil` for a provider without an authorization or token endpoint (which
    /// validation reports: `discovery-missing-member`, `input-missing-discovery`).
    package static func build(_ provider: LoadedProvider, accessLevel: AccessLevel) -> ProviderModel? {
        let discovery = provider.discovery
        let quirks = provider.quirks
        let endpoints = provider.endpoints.map { ProviderModel.Endpoint(name: $0.name, url: $0.url.value) }
        let names = Set(endpoints.map(\.name))
        guard names.contains(.authorization), names.contains(.token) else { return nil }

        let isOIDC = discovery?.kind == .openIDConnect
        let protectedResource = provider.protectedResource
        // RFC 9728 §2: a resource that refuses bearer tokens gets DPoP-bound ones.
        let dpop = quirks?.dpop?.value == true || protectedResource?.dpopBoundAccessTokensRequired?.value == true
        func values(_ list: Located<[Located<String>]>?) -> [String] { list?.value.map(\.value) ?? [] }
        var metadata = ProviderModel.Metadata()
        if let discovery {
            metadata.scopesSupported = values(discovery.scopesSupported)
            metadata.responseTypesSupported = discovery.responseTypesSupported.map { values($0) } ?? ["code"]
            metadata.codeChallengeMethodsSupported = values(discovery.codeChallengeMethodsSupported)
            metadata.idTokenSigningAlgorithms = values(discovery.idTokenSigningAlgValuesSupported)
            metadata.tokenEndpointAuthMethodsSupported = values(discovery.tokenEndpointAuthMethodsSupported)
            metadata.claimsSupported = values(discovery.claimsSupported)
            metadata.authorizationResponseIssParameterSupported =
                discovery.authorizationResponseIssParameterSupported?.value == true
            metadata.requirePushedAuthorizationRequests = discovery.requirePushedAuthorizationRequests?.value == true
            metadata.dpopSigningAlgorithms = discovery.dpopSigningAlgValuesSupported.map { values($0) }
            metadata.grantTypesSupported = discovery.grantTypesSupported.map { values($0) }
            metadata.authorizationGrantProfilesSupported = discovery.authorizationGrantProfilesSupported.map {
                values($0)
            }
            metadata.responseModesSupported = discovery.responseModesSupported.map { values($0) }
            metadata.tokenEndpointAuthSigningAlgorithms = discovery.tokenEndpointAuthSigningAlgValuesSupported.map {
                values($0)
            }
            metadata.nativeSSOSupported = discovery.nativeSSOSupported?.value == true
        }
        // A quirk file naming a family asserts support (warned where discovery does not say so).
        let family = isOIDC ? quirks?.nativeSSO : nil
        if family != nil { metadata.nativeSSOSupported = true }
        let defaultScopes =
            quirks.map { $0.defaultScopes.map(\.value) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? (isOIDC ? ["openid"] : [])
        var model = ProviderModel(
            providerName: provider.name,
            typeName: provider.typeName,
            outputFileName: outputFileName(forProvider: provider.name),
            sourceFiles: provider.input.paths.map { ($0 as NSString).lastPathComponent },
            accessLevel: accessLevel,
            isOpenIDConnect: isOIDC,
            issuer: (discovery?.issuer ?? quirks?.issuer)?.value,
            issuerTemplate: (quirks?.issuerTemplate ?? []).map { .init(name: $0.name.value, claim: $0.claim.value) },
            endpoints: endpoints,
            metadata: metadata,
            quirks: { () -> ProviderModel.Quirks in
                var made = quirks.map(Self.quirks) ?? ProviderModel.Quirks()
                made.dpop = dpop
                return made
            }(),
            clientID: quirks?.clientID?.value,
            resource: (protectedResource?.resource ?? quirks?.resource)?.value,
            defaultScopes: defaultScopes,
            scopes: scopes(discovery: discovery, quirks: quirks, resource: protectedResource),
            claims: isOIDC ? claims(discovery: discovery, quirks: quirks) : [],
            userInfoMembers: isOIDC ? [] : userInfoMembers(quirks: quirks),
            redirectURIs: redirectCases(provider.redirects, clientID: quirks?.clientID?.value),
            postLogoutRedirectURIs: redirectCases(provider.postLogoutRedirects, clientID: nil),
            prompts: isOIDC ? prompts(discovery: discovery) : [],
            acrValues: acrValues(discovery: discovery, quirks: quirks),
            capabilities: .init(
                revocation: names.contains(.revocation),
                userInfo: names.contains(.userinfo),
                endSession: isOIDC && names.contains(.endSession),
                deviceAuthorization: names.contains(.deviceAuthorization),
                dpop: dpop,
                buildVerified: quirks?.clientID != nil
                    && endpoints.allSatisfy { endpoint in
                        accepted(endpoint.url, loopbackDevelopment: quirks?.isLoopbackDevelopmentServer == true)
                    },
                nativeSSO: family != nil))
        model.familyKeychainAccessGroup = family?.keychainAccessGroup?.value
        return model
    }

    /// Whether the runtime's endpoint rule accepts `url` for a client made with no options.
    private static func accepted(_ url: String, loopbackDevelopment: Bool) -> Bool {
        guard let parsed = try? ServerURL(parsing: url) else { return false }
        switch EndpointRule.verdict(for: parsed) {
        case .secure: return true
        case .insecureLoopback: return loopbackDevelopment
        case .refused: return false
        }
    }

    /// `google` → `google.oauthgen.swift`. Only the provider name in the input file names decides
    /// it, so the build plugin (which cannot link this module) declares the same name before the
    /// tool runs; the suffix marks the file as generated and keeps it clear of hand-written ones.
    package static func outputFileName(forProvider name: String) -> String {
        name + ".oauthgen.swift"
    }

    /// The quirks that differ from the standard behaviour.
    package static func quirks(_ file: QuirkFile) -> ProviderModel.Quirks {
        func pairs(_ list: [QuirkFile.Parameter]) -> [ProviderModel.Pair] {
            list.map { .init(name: $0.name.value, value: $0.value.value) }
        }
        var quirks = ProviderModel.Quirks()
        quirks.scopeSeparator = file.scopeSeparator.map(\.value).flatMap { $0 == " " ? nil : $0 }
        quirks.basicAuthWithoutSecret = file.basicAuthWithoutSecret?.value == true
        quirks.scopeParameter = file.scopeParameter.map(\.value).flatMap { $0 == "scope" ? nil : $0 }
        quirks.pkce = file.pkce.map(\.value).flatMap { $0 == .s256 ? nil : $0 }
        quirks.tokenEndpointAuthMethod = file.tokenEndpointAuthMethod.map(\.value).flatMap { $0 == .none ? nil : $0 }
        quirks.clientAssertionAudience = file.clientAssertionAudience.map(\.value).flatMap { $0 == .issuer ? nil : $0 }
        quirks.authorizationParameters = pairs(file.authorizationParameters)
        quirks.tokenRequestParameters = pairs(file.tokenRequestParameters)
        quirks.tokenRequestHeaders = pairs(file.tokenRequestHeaders)
        quirks.tokenResponseIsForm = file.tokenResponse.format?.value == .form
        quirks.missingTokenType = file.tokenResponse.missingTokenType?.value == true
        quirks.errorsWithStatus200 = file.tokenResponse.errorsWithStatus200?.value == true
        quirks.tokenResponseNestedIn = file.tokenResponse.nestedIn?.value
        quirks.bearerTokenTypes = file.tokenResponse.bearerTokenTypes.map(\.value)
        quirks.pushedAuthorizationRequests = file.pushedAuthorizationRequests?.value == true
        quirks.dpop = file.dpop?.value == true
        quirks.loopbackDevelopmentServer = file.isLoopbackDevelopmentServer
        quirks.omitsResourceOnRefresh = file.omitsResourceOnRefresh?.value == true
        quirks.deviceSecretTokenType = file.nativeSSO?.deviceSecretTokenType.map(\.value).flatMap {
            $0 == DeviceSecretTokenType.draft07.rawValue ? nil : $0
        }
        return quirks
    }

    /// One constant per scope the document lists or the quirk file declares, except those the
    /// runtime would refuse to send (`ScopeToken`; validation warns about each).
    /// A client pinned for a protected resource gets the resource's `scopes_supported` (RFC 9728
    /// §2), the scopes its tokens are for, where it lists any; the server's otherwise (an
    /// authorization server lists what all its resources and its own endpoints take:
    /// `introspection`, `openid`…, none of them what the app calls the resource for).
    private static func scopes(
        discovery: DiscoveryDocument?, quirks: QuirkFile?, resource: ProtectedResourceDocument?
    ) -> [ProviderModel.Constant] {
        let separator = quirks?.scopeSeparator?.value ?? " "
        func sendable(_ name: String) -> Bool { ScopeToken.problem(in: name, separator: separator) == nil }
        var names: [String] = []
        var descriptions: [String: String] = [:]
        let resourceScopes = resource?.scopesSupported?.value.map(\.value) ?? []
        let listed = resourceScopes.isEmpty ? discovery?.scopesSupported?.value.map(\.value) ?? [] : resourceScopes
        for name in listed where !names.contains(name) && sendable(name) {
            names.append(name)
        }
        for declaration in quirks?.scopes ?? [] where sendable(declaration.name.value) {
            if !names.contains(declaration.name.value) { names.append(declaration.name.value) }
            if let description = declaration.description { descriptions[declaration.name.value] = description }
        }
        let identifiers = SwiftNaming.uniqueIdentifiers(for: names)
        return zip(names, identifiers).map { name, identifier in
            let documentation =
                descriptions[name] ?? StandardVocabulary.scopeDocumentation[name] ?? "The `\(name)` scope."
            return ProviderModel.Constant(identifier: identifier, value: name, documentation: documentation)
        }
    }

    /// One case per registered URI that passed validation, named for its kind (`loopback`,
    /// `privateUseScheme`, `claimedHTTPS`), with the path's words added where two share a kind. A
    /// private-use scheme that is the client ID reversed (Google's iOS clients:
    /// `com.googleusercontent.apps.123-abc` for `123-abc.apps.googleusercontent.com`) is
    /// `reversedClientID`, as the provider and the catalog call it.
    private static func redirectCases(
        _ redirects: [ClassifiedRedirect], clientID: String?
    ) -> [ProviderModel.RedirectCase] {
        let usable = redirects.filter { $0.report.kind != .invalid }
        let reversedClientID = clientID.map {
            $0.split(separator: ".", omittingEmptySubsequences: false).reversed().joined(separator: ".").lowercased()
        }
        let kindNames = usable.map { redirect in
            redirect.report.kind == .privateUseScheme && reversedClientID != nil
                && redirect.report.parsed?.scheme.lowercased() == reversedClientID
                ? "reversedClientID" : redirect.report.kind.rawValue
        }
        let names = zip(usable, kindNames).map { redirect, kind in
            kindNames.filter { $0 == kind }.count > 1
                ? kind + SwiftNaming.upperCamelCase(redirect.report.parsed?.path ?? redirect.uri.value) : kind
        }
        return zip(usable, SwiftNaming.uniqueIdentifiers(for: names)).map { redirect, identifier in
            ProviderModel.RedirectCase(identifier: identifier, uri: redirect.uri.value, kind: redirect.report.kind)
        }
    }

    /// The advertised `prompt` values, except those the runtime would refuse to send
    /// (``SpaceSeparatedValue``; validation warns); none when the document is silent (the
    /// standard ones apply).
    private static func prompts(discovery: DiscoveryDocument?) -> [ProviderModel.Constant] {
        var names: [String] = []
        for name in discovery?.promptValuesSupported?.value.map(\.value) ?? []
        where !names.contains(name) && SpaceSeparatedValue.problem(in: name) == nil {
            names.append(name)
        }
        let documentation: [String: String] = [
            "none": "No user interface: fail with `login_required` or `consent_required` instead.",
            "login": "Ask the user to sign in again.", "consent": "Ask the user for consent again.",
            "select_account": "Let the user choose among their accounts.",
            "create": "Offer to create an account (Prompt Create 1.0).",
        ]
        return zip(names, SwiftNaming.uniqueIdentifiers(for: names)).map { name, identifier in
            ProviderModel.Constant(
                identifier: identifier, value: name, documentation: documentation[name] ?? "The `\(name)` prompt value."
            )
        }
    }

    /// One constant per `acr` value the document lists or the quirk file declares, except those
    /// the runtime would refuse to send (``SpaceSeparatedValue``; validation warns about each). For
    /// OAuth-only servers too: RFC 8414 registers the member, and RFC 9470 step-up sends the
    /// values to any authorization server.
    private static func acrValues(discovery: DiscoveryDocument?, quirks: QuirkFile?) -> [ProviderModel.Constant] {
        var names: [String] = []
        var descriptions: [String: String] = [:]
        let declared = quirks?.acrValues ?? []
        for name in (discovery?.acrValuesSupported?.value ?? []).map(\.value) + declared.map(\.name.value)
        where !names.contains(name) && SpaceSeparatedValue.problem(in: name) == nil {
            names.append(name)
        }
        for declaration in declared { descriptions[declaration.name.value] = declaration.description }
        return zip(names, SwiftNaming.uniqueIdentifiers(for: names)).map { name, identifier in
            let documentation =
                descriptions[name] ?? StandardVocabulary.acrValueDocumentation[name]
                ?? "The `\(name)` authentication context class."
            return ProviderModel.Constant(identifier: identifier, value: name, documentation: documentation)
        }
    }

    /// An OAuth-only provider's userinfo members as its quirk file declares them, all optional;
    /// its `claims`, having no ID token to describe, can only describe userinfo too.
    private static func userInfoMembers(quirks: QuirkFile?) -> [ProviderModel.Claim] {
        var declarations: [QuirkFile.ClaimDeclaration] = []
        for declaration in (quirks?.userInfo ?? []) + (quirks?.claims ?? [])
        where !declarations.contains(where: { $0.name.value == declaration.name.value }) {
            declarations.append(declaration)
        }
        let names = declarations.map(\.name.value)
        return zip(declarations, SwiftNaming.uniqueIdentifiers(for: names)).map { declaration, identifier in
            ProviderModel.Claim(
                identifier: identifier, name: declaration.name.value, type: ProviderModel.ClaimType(declaration.type),
                documentation: "The `\(declaration.name.value)` member, typed by the quirk file.", isRequired: false)
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
            let type: ProviderModel.ClaimType
            let documentation: String
            if name == "sub" {
                (type, documentation) = standard!
            } else if let declared = declaredTypes[name] {
                type = ProviderModel.ClaimType(declared)
                documentation = standard?.documentation ?? "The `\(name)` claim, typed by the quirk file."
            } else if let standard {
                (type, documentation) = standard
            } else {
                type = .anyJSON
                documentation = "The `\(name)` claim, listed in `claims_supported` without a documented type."
            }
            return ProviderModel.Claim(
                identifier: identifier, name: name, type: type, documentation: documentation, isRequired: name == "sub")
        }
    }
}
