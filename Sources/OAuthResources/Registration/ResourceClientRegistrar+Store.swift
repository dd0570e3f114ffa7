import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// Where registrations are kept, and the authorization server's metadata kept with them (issue 45,
// G8): it ages, and a failure that may come from metadata gone stale has it read again.
extension ResourceClientRegistrar {
    /// How long kept metadata is used before it is read from the server again: a day.
    static let keptMetadataLifetime: TimeInterval = 86_400

    /// Where a dynamic registration is kept: one per authorization server, redirect URI and
    /// resource, so removing one resource's server deletes a client no other resource uses.
    static func dynamicKey(issuer: String, redirectURI: URL, resource: String) -> String {
        "dynamic at \(issuer) for \(redirectURI.absoluteString) and \(resource)"
    }

    /// Where a pre-registered (or enterprise) client's binding to its server is kept.
    static func preregisteredKey(clientID: String) -> String {
        "preregistered \(clientID)"
    }

    /// Whether `registration`'s kept metadata was read less than ``keptMetadataLifetime`` ago.
    static func isFresh(_ registration: ClientRegistrationRecord, now: Date) -> Bool {
        guard let readAt = registration.authorizationServerReadAt else { return false }
        return now.timeIntervalSince(readAt) < keptMetadataLifetime && readAt <= now.addingTimeInterval(60)
    }

    /// The server's metadata a registration keeps for `issuer`, named by `resource`, while it is
    /// fresh: what discovery uses instead of asking the server again.
    func keptServer(issuer: String, resource: URL) async -> ProviderConfiguration? {
        guard let registrations,
            let key = registrationKey(issuer: issuer, resource: resource.absoluteString),
            let kept = try? await registrations.loadRegistration(key: key), kept.issuer == issuer,
            let server = kept.authorizationServer, Self.isFresh(kept, now: now())
        else { return nil }
        return server
    }

    /// Sets aside the metadata kept for `issuer` and `resource`, so the next discovery reads it
    /// from the server again.
    func setAsideKeptServer(issuer: String, resource: URL) async {
        guard let registrations,
            let key = registrationKey(issuer: issuer, resource: resource.absoluteString),
            var kept = try? await registrations.loadRegistration(key: key), kept.authorizationServerReadAt != nil
        else { return }
        kept.authorizationServerReadAt = nil
        try? await registrations.saveRegistration(kept, key: key)
    }

    /// Keeps `binding` in the store, where it keeps registrations.
    func keep(_ binding: PendingBinding) async throws(OAuthError) {
        guard let registrations else { return }
        do {
            try await registrations.saveRegistration(binding.record, key: binding.key)
        } catch {
            throw OAuthError.storageFailed("saving the registration", error)
        }
    }

    /// Forgets every sign-in and registration the store keeps for `identifiers` (the resource's
    /// URL and identifier): revoked and deleted at their servers as a courtesy, forgotten here
    /// whatever the servers answer. `false` when the store cannot list its accounts (a custom
    /// `TokenStore`): the caller then forgets its own sign-in.
    func forget(resources identifiers: Set<String>) async -> Bool {
        guard let accountStore = store.accountStore,
            let accounts = try? await StoredResourceEntries.accounts(of: store)
        else {
            return false
        }
        for identifier in identifiers.sorted() {
            _ = await StoredResourceEntries.forget(
                resource: identifier, in: accountStore, accounts: accounts, redirectURIs: [keyRedirect],
                transport: transport,
                allowInsecureLoopback: allowInsecureLoopback)
        }
        return true
    }
}
