import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// The catalog entry of the server discovery landed on, applied before anything is registered or
// signed in there: a refresh without `resource`, the loopback host its redirects must use, and a
// clear refusal to register where the server registers no one.
extension ServerQuirkCatalog {
    /// What applying `found`'s server's entry gives: the resource and server with its quirks, the
    /// entry (`nil` for a server the catalog does not name), and `method` as the server wants it.
    struct Applied: Sendable {
        var found: DiscoveredResource
        var entry: ServerQuirkEntry?
        var method: any ResourceSignInMethod
    }

    /// Applies `found`'s server's entry to it and to `method`.
    func apply(to found: DiscoveredResource, method: any ResourceSignInMethod) throws(OAuthError) -> Applied {
        let issuer = found.configuration.issuer ?? ""
        guard let entry = entry(forIssuer: issuer) else { return Applied(found: found, entry: nil, method: method) }
        var applied = Applied(found: found, entry: entry, method: method)
        applied.found.configuration.quirks = found.configuration.quirks.overlaid(with: entry.quirks.provider)
        if entry.quirks.registrationUnavailable, method.client.strategy.registersAtRunTime {
            throw OAuthError(
                .invalidConfiguration,
                "expected a client registered by hand at \(entry.name) (\(issuer)), found a session that would register one at run time, which \(entry.name) does not allow (\(entry.sources.first ?? "the catalog")):"
                    + " register the app there and pass its client ID (ResourceClient.preregistered; oauthgen-login --client-id ID --authorization-server \(issuer))"
            )
        }
        if let host = entry.quirks.loopbackHost { applied.method = method.redirecting(loopbackHost: host) }
        return applied
    }
}
