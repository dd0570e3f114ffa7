import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// The catalog entry of the server discovery landed on, applied before anything is registered or
// signed in there: a refresh without `resource`, the loopback host its redirects must use, and a
// clear refusal to register where the server registers no one.
extension ProtectedResourceSession {
    /// Applies `found`'s server's entry in ``serverQuirks``, if any, and notes it in
    /// ``appliedServerQuirks``.
    func applyServerQuirks(to found: inout DiscoveredResource) throws(OAuthError) {
        let issuer = found.configuration.issuer ?? ""
        guard let entry = serverQuirks.entry(forIssuer: issuer) else {
            appliedServerQuirks = nil
            return
        }
        appliedServerQuirks = entry
        if entry.quirks.omitsResourceOnRefresh { found.configuration.quirks.omitsResourceOnRefresh = true }
        if entry.quirks.registrationUnavailable, case .dynamic = identity {
            throw OAuthError(
                .invalidConfiguration,
                "expected a client registered by hand at \(entry.name) (\(issuer)), found a session that would register one at run time, which \(entry.name) does not allow (\(entry.sources.first ?? "the catalog")):"
                    + " register the app there and pass its client ID (ClientIdentity.preregistered; oauthgen-login --client-id ID --authorization-server \(issuer))"
            )
        }
        // A metadata document lists its redirect URIs itself; the device grant has none.
        if let host = entry.quirks.loopbackHost, deviceCodePresenter == nil {
            switch identity {
            case .dynamic, .preregistered, .confidential: useLoopbackHost(host)
            case .metadataDocument, .enterprise, .clientCredentials, .workload: break
            }
        }
    }

    /// Sends the app's loopback redirect URI with `host` (the port and path as they were): a
    /// server that compares redirect URIs as strings takes only that form.
    private func useLoopbackHost(_ host: ServerQuirks.LoopbackHost) {
        let url = redirectURI.url
        guard redirectURI.kind == .loopback, url.host != host.rawValue,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return }
        components.host = host.rawValue
        // Checked as the app's own would be: still a loopback redirect (RFC 8252 §7.3, §8.3).
        guard let changed = components.url, let checked = try? RegisteredRedirectURI(changed) else { return }
        redirectURI = checked
        registrar.redirectURI = checked
    }
}
