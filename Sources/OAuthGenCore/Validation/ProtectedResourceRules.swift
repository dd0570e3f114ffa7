import OAuthPolicy

/// A provider pinned with `oauthgen init --resource`: its protected resource's metadata against
/// the quirk file's `resource` and the authorization server's document, with the runtime's own
/// checks (`ProtectedResourcePolicy`), each finding at its member.
package enum ProtectedResourceRules {
    static func check(_ provider: LoadedProvider) -> [Diagnostic] {
        let quirks = provider.quirks
        guard let document = provider.protectedResource else { return [] }
        guard let resource = quirks?.resource else {
            return [
                Diagnostic(
                    .error, .resourceIdentifier,
                    "expected the quirk file of provider '\(provider.name)' to name the \"resource\" this metadata was fetched for (the URL the app calls), found none",
                    at: document.resource?.location ?? document.location)
            ]
        }
        var findings = documentFindings(
            document, expectedResource: resource.value,
            allowInsecureLoopback: quirks?.loopbackDevelopmentServer?.value == true)
        // The server the client signs in with must be one the resource names, or its tokens
        // would be for a resource that does not accept them.
        if let servers = document.authorizationServers?.value.map(\.value), !servers.isEmpty,
            let issuer = provider.discovery?.issuer, !servers.contains(issuer.value)
        {
            findings.append(
                Diagnostic(
                    .error, .resourceAuthorizationServer,
                    "expected \"authorization_servers\" to list \"\(TerminalText.escaping(issuer.value))\", the issuer of the pinned authorization server metadata, found \(servers.map { "\"\(TerminalText.escaping($0))\"" }.joined(separator: ", "))",
                    at: document.authorizationServers?.location ?? document.location))
        }
        if let supported = document.scopesSupported?.value.map(\.value), !supported.isEmpty {
            for scope in quirks?.defaultScopes ?? [] where !supported.contains(scope.value) {
                findings.append(
                    Diagnostic(
                        .warning, .resourceScope,
                        "expected default scopes among the protected resource's \"scopes_supported\", found \"\(TerminalText.escaping(scope.value))\"",
                        at: scope.location))
            }
        }
        return findings
    }

    /// The document on its own, looked up for `expectedResource`: what `init --resource` checks
    /// before it pins anything, and the build after.
    package static func documentFindings(
        _ document: ProtectedResourceDocument, expectedResource: String, allowInsecureLoopback: Bool
    ) -> [Diagnostic] {
        let problems = ProtectedResourcePolicy.problems(
            resource: document.resource?.value, expectedResource: expectedResource,
            authorizationServers: document.authorizationServers?.value.map(\.value),
            bearerMethods: document.bearerMethodsSupported?.value.map(\.value),
            allowInsecureLoopback: allowInsecureLoopback)
        return problems.map { problem in
            switch problem.member {
            case "resource":
                Diagnostic(
                    .error, .resourceIdentifier, problem.description,
                    at: document.resource?.location ?? document.location)
            case "authorization_servers":
                Diagnostic(
                    .error, .resourceAuthorizationServer, problem.description,
                    at: document.authorizationServers?.location ?? document.location)
            default:
                Diagnostic(
                    .error, .resourceBearerMethod, problem.description,
                    at: document.bearerMethodsSupported?.location ?? document.location)
            }
        }
    }
}
