import OAuthPolicy

/// A quirk file's `loopbackDevelopmentServer`: one decision that the provider is a server on this
/// machine, so its http endpoints on 127.0.0.1 or [::1] are noted once instead of warned about
/// each (teams learn to ignore a warning that every clean build repeats), and the generated client
/// accepts them with no `allowInsecureLoopback` option.
enum DevelopmentServerRules {
    static func check(_ provider: LoadedProvider) -> [Diagnostic] {
        guard let quirks = provider.quirks, let declared = quirks.loopbackDevelopmentServer, declared.value else {
            return []
        }
        var servers: [Located<String>] = Array(provider.discovery?.endpointMembers.map(\.1) ?? [])
        if let issuer = provider.discovery?.issuer ?? quirks.issuer { servers.append(issuer) }
        servers += quirks.endpoints.all.map(\.1)
        let onLoopback = servers.filter { value in
            (try? EndpointCheck.serverURL(value.value)).map(EndpointRule.verdict(for:)) == .insecureLoopback
        }
        guard !onLoopback.isEmpty else {
            return [
                Diagnostic(
                    .warning, .quirkLoopbackDevelopment,
                    "expected \"loopbackDevelopmentServer\" only for a provider served over http on 127.0.0.1 or [::1], found none of its endpoints there: the key changes nothing, remove it",
                    at: declared.location)
            ]
        }
        return [
            Diagnostic(
                .note, .quirkLoopbackDevelopment,
                "provider '\(provider.input.name)' is a loopback development server: its \(onLoopback.count) http endpoint\(onLoopback.count == 1 ? "" : "s") on the loopback address \(onLoopback.count == 1 ? "is" : "are") accepted, by the build and by the generated client (no allowInsecureLoopback: argument); remove the key before pointing the app at a real server",
                at: declared.location)
        ]
    }
}
