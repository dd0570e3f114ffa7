import OAuthPolicy

/// Checks on a quirk file's own values, with the provider's discovery document for context.
enum QuirkRules {
    static func check(_ provider: LoadedProvider) -> [Diagnostic] {
        guard let quirks = provider.quirks else { return [] }
        let discovery = provider.discovery
        let hasDiscoveryFile = provider.input.discoveryPath != nil
        var findings: [Diagnostic] = []

        var seenRedirects: [String: SourceLocation] = [:]
        for redirect in provider.redirects {
            let uri = redirect.uri
            findings += RedirectRules.check(redirect)
            if let first = seenRedirects[uri.value] {
                findings.append(
                    Diagnostic(
                        .warning, .redirectDuplicate,
                        "expected each redirect URI once, found '\(uri.value)' again (first at \(first))",
                        at: uri.location))
            } else {
                seenRedirects[uri.value] = uri.location
            }
        }
        // The generated client signs in only with these (its `RedirectURI` cases): without one,
        // every browser sign-in fails at run time. The device grant needs none.
        if provider.redirects.isEmpty && quirks.deviceGrant?.value != true {
            findings.append(
                Diagnostic(
                    .warning, .redirectNone,
                    "expected \"redirectURIs\" to list the redirect URI the app registered with the provider, found none; the client could not sign in with a browser (add \"deviceGrant\" for an app that signs in only with a code on another device)",
                    at: quirks.location))
        }
        // The provider sends the browser to these after logout: the same three kinds, the same rules.
        for redirect in provider.postLogoutRedirects {
            findings += RedirectRules.check(redirect, what: "post-logout redirect URI")
        }

        if let name = quirks.name, !SwiftNaming.isValidTypeName(name.value) {
            findings.append(
                Diagnostic(
                    .error, .quirkInvalidName,
                    "expected \"name\" to be a Swift type name (a letter or '_' then letters, digits or '_', not a keyword, not a type of OAuthRuntime or the standard library the app would lose), found \"\(name.value)\"",
                    at: name.location))
        }
        if let clientID = quirks.clientID {
            if let problem = ClientIdentifier.problem(in: clientID.value) {
                findings.append(
                    Diagnostic(
                        .error, .quirkClientID,
                        "expected \"clientID\" to be \(ClientIdentifier.expectation), found \(problem); the client would refuse it when made",
                        at: clientID.location))
            } else if clientID.value.first == " " || clientID.value.last == " " {
                // Allowed by the syntax, but providers compare IDs exactly: almost always a paste.
                findings.append(
                    Diagnostic(
                        .warning, .quirkClientID,
                        "expected \"clientID\" without leading or trailing spaces, found \"\(clientID.value)\"; the provider compares it exactly",
                        at: clientID.location))
            }
        }
        if let secret = quirks.clientSecret {
            findings.append(
                Diagnostic(
                    .warning, .quirkClientSecret,
                    "expected no client secret in a native app: anyone can extract it from the app, so it proves nothing; found \"clientSecret\" (it is not generated into code)",
                    at: secret.location))
        }
        if let pkce = quirks.pkce, pkce.value != .s256 {
            findings.append(
                Diagnostic(
                    .warning, .quirkWeakPKCE,
                    "expected PKCE with S256, found \"\(pkce.value.rawValue)\": \(pkce.value == .none ? "without PKCE an intercepted code can be redeemed by another app" : "plain PKCE sends the verifier itself, which an interceptor of the request can read")",
                    at: pkce.location))
        }
        if let separator = quirks.scopeSeparator, separator.value.isEmpty {
            findings.append(
                Diagnostic(
                    .error, .quirkInvalidValue,
                    "expected \"scopeSeparator\" to be a non-empty string such as \" \" or \",\", found an empty string",
                    at: separator.location))
        }

        for parameter in quirks.authorizationParameters {
            let name = parameter.name.value
            if name.lowercased() == "response_type" {
                let types = parameter.value.value.split(separator: " ").map(String.init)
                if types.contains("token") || types.contains("id_token") {
                    findings.append(
                        Diagnostic(
                            .error, .quirkImplicitGrant,
                            "expected the authorization code flow (response_type=code), found response_type=\"\(parameter.value.value)\": the implicit flow cannot use PKCE and leaks tokens in the redirect",
                            at: parameter.value.location))
                } else if types != ["code"] {
                    findings.append(
                        Diagnostic(
                            .error, .quirkReservedParameter,
                            "expected no \"response_type\" override (the client always sends \"code\"), found \"\(parameter.value.value)\"",
                            at: parameter.name.location))
                }
            } else if ReservedParameters.isReservedAuthorizationParameter(name) {
                findings.append(
                    Diagnostic(
                        .error, .quirkReservedParameter,
                        "expected extra parameters only, found \"\(name)\", which the client sets itself for every request",
                        at: parameter.name.location))
            }
        }

        if let basic = quirks.basicAuthWithoutSecret, basic.value, let method = quirks.tokenEndpointAuthMethod,
            method.value == .clientSecretPost
        {
            findings.append(
                Diagnostic(
                    .error, .quirkInvalidValue,
                    "expected \"basicAuthWithoutSecret\" only where the client may use HTTP Basic, found \"tokenEndpointAuthMethod\" \"client_secret_post\" (at \(method.location))",
                    at: basic.location))
        }
        if let parameter = quirks.scopeParameter, parameter.value != "scope" {
            if parameter.value.isEmpty || ReservedParameters.isReservedAuthorizationParameter(parameter.value) {
                findings.append(
                    Diagnostic(
                        .error, .quirkReservedParameter,
                        "expected \"scopeParameter\" to name a parameter the client does not set otherwise (such as \"user_scope\"), found \"\(parameter.value)\"",
                        at: parameter.location))
            }
        }
        for type in quirks.tokenResponse.bearerTokenTypes
        where type.value.isEmpty || type.value.caseInsensitiveCompare("dpop") == .orderedSame {
            findings.append(
                Diagnostic(
                    .error, .quirkInvalidValue,
                    "expected \"bearerTokenTypes\" to name other words for a bearer token (such as \"user\"), found \"\(type.value)\": a DPoP token is never a bearer token",
                    at: type.location))
        }

        var headerNames: [String: SourceLocation] = [:]
        for header in quirks.tokenRequestHeaders {
            let name = header.name.value
            if !HeaderPolicy.isValidName(name) || !HeaderPolicy.isValidValue(header.value.value) {
                findings.append(
                    Diagnostic(
                        .error, .quirkInvalidValue,
                        "expected a token request header with a field name (letters, digits, !#$%&'*+-.^_`|~) and a value without control characters, found \"\(name)\"",
                        at: HeaderPolicy.isValidName(name) ? header.value.location : header.name.location))
            } else if HeaderPolicy.isReserved(name) {
                findings.append(
                    Diagnostic(
                        .error, .quirkReservedHeader,
                        "expected extra token request headers only, found \"\(name)\", which the client sets itself (its credentials, DPoP proof or the request's framing)",
                        at: header.name.location))
            } else if let first = headerNames[name.lowercased()] {
                findings.append(
                    Diagnostic(
                        .error, .quirkReservedHeader,
                        "expected each token request header once, found \"\(name)\" again (field names have no case; first at \(first))",
                        at: header.name.location))
            }
            headerNames[name.lowercased()] = headerNames[name.lowercased()] ?? header.name.location
        }

        for parameter in quirks.tokenRequestParameters
        where ReservedParameters.isReservedTokenParameter(parameter.name.value) {
            findings.append(
                Diagnostic(
                    .error, .quirkReservedParameter,
                    "expected extra token request parameters only, found \"\(parameter.name.value)\", which the client sets itself for every token request",
                    at: parameter.name.location))
        }

        for (key, value) in quirks.endpoints.all {
            findings += EndpointCheck.check(
                value, what: "endpoint \"\(key)\"", loopbackDevelopment: quirks.isLoopbackDevelopmentServer)
        }
        if !hasDiscoveryFile {
            if quirks.endpoints.authorization == nil || quirks.endpoints.token == nil {
                let missing = [
                    quirks.endpoints.authorization == nil ? "authorization" : nil,
                    quirks.endpoints.token == nil ? "token" : nil,
                ]
                .compactMap { $0 }.joined(separator: " or ")
                findings.append(
                    Diagnostic(
                        .error, .inputMissingDiscovery,
                        "expected the provider's discovery document among the inputs ('\(provider.input.name).openid-configuration.json' or '\(provider.input.name).oauth-authorization-server.json') or \"endpoints\" with \"authorization\" and \"token\", found no \(missing) endpoint",
                        at: quirks.location))
            }
            if let issuer = quirks.issuer {
                findings += EndpointCheck.check(
                    issuer, what: "the issuer", loopbackDevelopment: quirks.isLoopbackDevelopmentServer)
            }
        }

        // The runtime refuses to send a scope that is none (`ScopeToken`): a default scope is sent
        // on every sign-in that names none, a declared one only when the app picks its constant.
        let separator = quirks.scopeSeparator?.value ?? " "
        var malformed: Set<String> = []
        for (scope, severity, what, consequence) in quirks.defaultScopes.map({
            ($0, Diagnostic.Severity.error, "default scope", "the client refuses to send it")
        })
            + quirks.scopes.map({
                (
                    $0.name, Diagnostic.Severity.warning, "scope",
                    "the client could not send it, so no constant is generated for it"
                )
            })
        {
            guard let problem = ScopeToken.problem(in: scope.value, separator: separator) else { continue }
            malformed.insert(scope.value)
            findings.append(
                Diagnostic(
                    severity, .quirkInvalidScope,
                    "expected each \(what) to be \(ScopeToken.expectation), found \(problem); \(consequence)",
                    at: scope.location))
        }

        findings += SpaceSeparatedValueRule.check(
            quirks.acrValues.map(\.name), listedIn: "the quirk file's \"acrValues\"", rule: .quirkInvalidACRValue)

        let known = Set((discovery?.scopesSupported?.value.map(\.value) ?? []) + quirks.scopes.map(\.name.value))
        if discovery?.scopesSupported != nil || !quirks.scopes.isEmpty {
            for scope in quirks.defaultScopes where !known.contains(scope.value) && !malformed.contains(scope.value) {
                var message =
                    "expected default scopes among \"scopes_supported\" or the quirk file's \"scopes\", found \"\(scope.value)\""
                if let suggestion = Suggestion.closest(to: scope.value, among: Array(known)) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                findings.append(Diagnostic(.warning, .quirkUnknownScope, message, at: scope.location))
            }
        }
        return findings
    }
}
