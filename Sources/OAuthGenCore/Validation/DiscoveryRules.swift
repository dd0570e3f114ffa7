import Foundation
import OAuthPolicy

/// OpenID Connect Discovery 1.0 §3 and §4.3, RFC 8414 §2 and §3.3.
enum DiscoveryRules {
    static func check(_ document: DiscoveryDocument, quirks: QuirkFile?) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let isOIDC = document.kind == .openIDConnect
        let specification = isOIDC ? "OpenID Connect Discovery" : "RFC 8414 metadata"

        func require(_ present: Bool, _ member: String, suppliedByQuirks: Bool = false) {
            guard !present else { return }
            if suppliedByQuirks {
                findings.append(
                    Diagnostic(
                        .warning, .discoveryMissingMember,
                        "expected the required member \"\(member)\" in \(specification), found it missing (the quirk file supplies it)",
                        at: document.location))
            } else {
                findings.append(
                    Diagnostic(
                        .error, .discoveryMissingMember,
                        "expected the required member \"\(member)\" in \(specification), found it missing",
                        at: document.location))
            }
        }
        let overrides = quirks?.endpoints
        require(document.issuer != nil, "issuer")
        require(
            document.authorizationEndpoint != nil, "authorization_endpoint",
            suppliedByQuirks: overrides?.authorization != nil)
        require(document.tokenEndpoint != nil, "token_endpoint", suppliedByQuirks: overrides?.token != nil)
        require(document.responseTypesSupported != nil, "response_types_supported")
        if isOIDC {
            require(document.jwksURI != nil, "jwks_uri", suppliedByQuirks: overrides?.jwks != nil)
            require(document.subjectTypesSupported != nil, "subject_types_supported")
            require(document.idTokenSigningAlgValuesSupported != nil, "id_token_signing_alg_values_supported")
        }

        if let issuer = document.issuer {
            findings += checkIssuer(issuer, quirks: quirks)
        }
        for (name, value) in document.endpointMembers {
            findings += EndpointCheck.check(
                value, what: "\"\(name)\"", loopbackDevelopment: quirks?.isLoopbackDevelopmentServer == true)
        }

        findings += checkCodeFlow(document, quirks: quirks)
        findings += checkScopes(document, quirks: quirks)
        findings += SpaceSeparatedValueRule.check(
            document.acrValuesSupported?.value ?? [], listedIn: "\"acr_values_supported\"",
            rule: .discoveryInvalidACRValue)
        if document.kind == .openIDConnect {
            findings += SpaceSeparatedValueRule.check(
                document.promptValuesSupported?.value ?? [], listedIn: "\"prompt_values_supported\"",
                rule: .discoveryInvalidPromptValue)
        }

        let pkceOptOut = quirks?.pkce.map { $0.value != .s256 } ?? false
        if !pkceOptOut {
            if let methods = document.codeChallengeMethodsSupported {
                if !methods.value.contains(where: { $0.value == "S256" }) {
                    findings.append(
                        Diagnostic(
                            .warning, .discoveryNoS256,
                            "expected \"code_challenge_methods_supported\" to contain \"S256\", found [\(methods.value.map { "\"\($0.value)\"" }.joined(separator: ", "))]",
                            at: methods.location))
                }
            } else {
                findings.append(
                    Diagnostic(
                        .warning, .discoveryNoS256,
                        "expected \"code_challenge_methods_supported\" listing \"S256\", found it missing: the provider does not say it supports PKCE; the client sends S256 anyway",
                        at: document.location))
            }
        }

        if isOIDC, let algorithms = document.idTokenSigningAlgValuesSupported {
            if !algorithms.value.contains(where: { $0.value == "RS256" }) {
                findings.append(
                    Diagnostic(
                        .error, .discoveryNoRS256,
                        "expected \"id_token_signing_alg_values_supported\" to include \"RS256\", found [\(algorithms.value.map { "\"\($0.value)\"" }.joined(separator: ", "))]",
                        at: algorithms.location))
            }
            for algorithm in algorithms.value {
                if algorithm.value == "none" {
                    findings.append(
                        Diagnostic(
                            .warning, .discoveryUnsignedIDToken,
                            "expected only signing algorithms, found \"none\": the client never accepts unsigned ID tokens",
                            at: algorithm.location))
                } else if algorithm.value.hasPrefix("HS") {
                    findings.append(
                        Diagnostic(
                            .note, .discoveryHMACIDToken,
                            "found the HMAC algorithm \"\(algorithm.value)\": the client never accepts it, since a native app cannot keep the shared key secret",
                            at: algorithm.location))
                }
            }
        }
        return findings
    }

    /// What the browser sign-in needs of the metadata (`CodeFlowSupport`, the rule the runtime
    /// applies to metadata read at run time). For an app that asked for the device grant, which
    /// needs none of it, a gap is a warning.
    private static func checkCodeFlow(_ document: DiscoveryDocument, quirks: QuirkFile?) -> [Diagnostic] {
        let usesDeviceGrant = quirks?.deviceGrant?.value == true
        let severity: Diagnostic.Severity = usesDeviceGrant ? .warning : .error
        let consequence = usesDeviceGrant ? "; only the device grant can sign in" : ""
        func values(_ list: Located<[Located<String>]>?) -> [String]? { list.map { $0.value.map(\.value) } }
        let gaps = CodeFlowSupport.gaps(
            responseTypes: values(document.responseTypesSupported),
            grantTypes: values(document.grantTypesSupported),
            responseModes: values(document.responseModesSupported))
        return gaps.compactMap { gap in
            let (listed, rule): (Located<[Located<String>]>?, RuleID) =
                switch gap.member {
                case .responseTypes: (document.responseTypesSupported, .discoveryNoCodeResponseType)
                case .grantTypes: (document.grantTypesSupported, .discoveryNoCodeGrant)
                case .responseModes: (document.responseModesSupported, .discoveryNoQueryResponseMode)
                }
            guard gap.blocksSignIn else {
                return listed.map {
                    Diagnostic(
                        .warning, rule, "expected \(gap.expectation), found \(gap.foundList)\(gap.consequence)",
                        at: $0.location)
                }
            }
            return listed.map {
                Diagnostic(
                    severity, rule, "expected \(gap.expectation), found \(gap.foundList)\(consequence)", at: $0.location
                )
            }
        }
    }

    /// A listed scope the runtime would refuse to send (`ScopeToken`) gets no constant in the
    /// generated `Scope`, so the app cannot pick it; the provider's document is not the app's to
    /// fix, hence a warning.
    private static func checkScopes(_ document: DiscoveryDocument, quirks: QuirkFile?) -> [Diagnostic] {
        let separator = quirks?.scopeSeparator?.value ?? " "
        return (document.scopesSupported?.value ?? []).compactMap { scope in
            ScopeToken.problem(in: scope.value, separator: separator).map { problem in
                Diagnostic(
                    .warning, .discoveryInvalidScope,
                    "expected each of \"scopes_supported\" to be \(ScopeToken.expectation), found \(problem); the client could not send it, so no constant is generated for it",
                    at: scope.location)
            }
        }
    }

    private static func checkIssuer(_ issuer: Located<String>, quirks: QuirkFile?) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let placeholders = IssuerPlaceholders.names(in: issuer.value)
        let declared = Set(quirks?.issuerTemplate.map(\.name.value) ?? [])
        for placeholder in placeholders where !declared.contains(placeholder) {
            findings.append(
                Diagnostic(
                    .error, .quirkIssuerTemplate,
                    "expected a literal issuer, found the placeholder '{\(placeholder)}'; declare it in the quirk file's \"issuerTemplate\" (e.g. \(placeholder) → tid) so ID tokens can be checked against the resolved issuer",
                    at: issuer.location))
        }
        for placeholder in quirks?.issuerTemplate ?? [] where !placeholders.contains(placeholder.name.value) {
            findings.append(
                Diagnostic(
                    .error, .quirkIssuerTemplate,
                    "expected the placeholder '{\(placeholder.name.value)}' in the issuer \"\(issuer.value)\", found no such placeholder",
                    at: placeholder.name.location))
        }
        findings += EndpointCheck.check(
            issuer, what: "the issuer", loopbackDevelopment: quirks?.isLoopbackDevelopmentServer == true)
        if let components = URLComponents(
            string: issuer.value.replacingOccurrences(of: "{", with: "x").replacingOccurrences(of: "}", with: "x")),
            components.query != nil
        {
            findings.append(
                Diagnostic(
                    .error, .discoveryIssuer,
                    "expected an issuer without a query component, found '\(issuer.value)'", at: issuer.location))
        }
        if let expected = quirks?.issuer, expected.value != issuer.value {
            findings.append(
                Diagnostic(
                    .error, .discoveryIssuerMismatch,
                    "expected the discovery document's issuer to equal the quirk file's \"\(expected.value)\" exactly, found \"\(issuer.value)\" (\(issuer.location))",
                    at: expected.location))
        }
        return findings
    }
}
