import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// The authorization server's metadata kept with a registration (issue 45, G8): it ages, and a
// failure that may come from metadata gone stale (the server moved its token endpoint) has it
// read again.
extension ProtectedResourceSession {
    /// How long kept metadata is used before it is read from the server again: a day.
    static let keptMetadataLifetime: TimeInterval = 86_400

    /// Whether `registration`'s kept metadata was read less than ``keptMetadataLifetime`` ago.
    static func isFresh(_ registration: ClientRegistrationRecord, now: Date = Date()) -> Bool {
        guard let readAt = registration.authorizationServerReadAt else { return false }
        return now.timeIntervalSince(readAt) < keptMetadataLifetime && readAt <= now.addingTimeInterval(60)
    }

    /// `error`, after the kept metadata was set aside when the error may come from it going stale:
    /// an endpoint that no longer answers as one (a network failure, an answer that is not an
    /// OAuth one, a redirect). The next call reads the server's metadata again; an OAuth error
    /// (`invalid_grant`, …) is the server's answer, and changes nothing.
    func metadataMayBeStale(after error: OAuthError) async -> OAuthError {
        let stale: Set<OAuthError.Kind> = [.network, .unexpectedResponse, .redirectRefused, .responseTooLarge, .invalidTokenResponse]
        guard error.protocolError == nil, stale.contains(error.kind), let found = discovered else { return error }
        discovered = nil
        session = nil
        guard let registrations = store as? any ClientRegistrationStore,
              let key = Self.registrationKey(for: identity, redirectURI: redirectURI.url, issuer: found.configuration.issuer ?? "",
                                             resource: found.resource.identifier.absoluteString),
              var kept = try? await registrations.loadRegistration(key: key), kept.authorizationServerReadAt != nil else { return error }
        kept.authorizationServerReadAt = nil
        try? await registrations.saveRegistration(kept, key: key)
        return error
    }
}
