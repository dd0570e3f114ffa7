/// Runs every rule over loaded providers.
package enum Validator {
    /// Findings for each provider on its own, then across providers; platform advice only for
    /// the platforms named.
    package static func validate(
        _ providers: [LoadedProvider], platforms: Set<GeneratorConfiguration.Platform> = []
    ) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for provider in providers {
            if let discovery = provider.discovery {
                findings += DiscoveryRules.check(discovery, quirks: provider.quirks)
            }
            // Without metadata or the quirk file's own endpoints nothing says what the provider
            // offers: `input-missing-discovery` says so once, instead of a finding per grant.
            if provider.discovery != nil || provider.quirks?.endpoints.authorization != nil {
                findings += GrantRules.check(discovery: provider.discovery, quirks: provider.quirks)
            }
            findings += QuirkRules.check(provider)
            findings += DevelopmentServerRules.check(provider)
            findings += ProtectedResourceRules.check(provider)
            findings += ClientMetadataRules.check(provider)
            findings += PlatformRules.check(provider.redirects, platforms: platforms)
            findings += GeneratedCodeRules.check(provider)
            findings += NativeSSORules.check(provider)
        }
        findings += CrossProviderRules.check(providers)
        findings += NativeSSORules.checkAgreement(providers)
        return findings
    }
}
