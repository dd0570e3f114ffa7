import OAuthPolicy

/// RFC 8252 §8.10: each authorization server must have its own redirect URI, or a response from
/// one server can be taken for another's (mix-up); and each generated type its own name.
enum CrossProviderRules {
    static func check(_ providers: [LoadedProvider]) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var redirects: [String: (provider: String, location: SourceLocation)] = [:]
        var issuers: [String: (provider: String, location: SourceLocation)] = [:]
        var typeNames: [String: String] = [:]
        for provider in providers {
            if let other = typeNames[provider.typeName] {
                findings.append(
                    Diagnostic(
                        .error, .inputDuplicate,
                        "expected a type name of its own for provider '\(provider.name)', found '\(provider.typeName)' also used by provider '\(other)'",
                        at: provider.quirks?.name?.location ?? provider.quirks?.location ?? provider.discovery?.location
                    ))
            } else {
                typeNames[provider.typeName] = provider.name
            }
            var ownKeys: Set<String> = []
            for redirect in provider.redirects {
                let (uri, report) = (redirect.uri, redirect.report)
                guard let parsed = report.parsed else { continue }
                // Loopback redirects match at any port, so compare them without it.
                let key = report.kind == .loopback ? parsed.withoutPort : uri.value
                guard ownKeys.insert(key).inserted else { continue }
                if let other = redirects[key], other.provider != provider.name {
                    findings.append(
                        Diagnostic(
                            .error, .mixUpSharedRedirect,
                            "expected a redirect URI of its own for provider '\(provider.name)', found '\(uri.value)' also used by provider '\(other.provider)' (\(other.location))\(report.kind == .loopback ? ", compared without the port" : "")",
                            at: uri.location))
                } else {
                    redirects[key] = (provider.name, uri.location)
                }
            }
            let issuer = provider.discovery?.issuer ?? provider.quirks?.issuer
            if let issuer {
                if let other = issuers[issuer.value] {
                    findings.append(
                        Diagnostic(
                            .warning, .mixUpSharedIssuer,
                            "expected one provider per issuer, found \"\(issuer.value)\" also used by provider '\(other.provider)' (\(other.location))",
                            at: issuer.location))
                } else {
                    issuers[issuer.value] = (provider.name, issuer.location)
                }
            }
        }
        return findings
    }
}
