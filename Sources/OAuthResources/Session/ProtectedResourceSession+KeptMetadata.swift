import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// The authorization server's metadata kept with a registration (issue 45, G8): a failure that may
// come from metadata gone stale (the server moved its token endpoint) has it read again.
extension ProtectedResourceSession {
    /// `error`, after the kept metadata was set aside when the error may come from it going stale:
    /// an endpoint that no longer answers as one (a network failure, an answer that is not an
    /// OAuth one, a redirect). The next call reads the server's metadata again; an OAuth error
    /// (`invalid_grant`, …) is the server's answer, and changes nothing.
    func metadataMayBeStale(after error: OAuthError) async -> OAuthError {
        let stale: Set<OAuthError.Kind> = [
            .network, .unexpectedResponse, .redirectRefused, .responseTooLarge, .invalidTokenResponse,
        ]
        guard error.protocolError == nil, stale.contains(error.kind), let dropped = visit else { return error }
        visit = nil
        await dropped.registrar.setAsideKeptServer(
            issuer: dropped.found.configuration.issuer ?? "", resource: dropped.found.resource.identifier)
        return error
    }
}
