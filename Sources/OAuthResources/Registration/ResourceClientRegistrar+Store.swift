import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// Where registrations are kept, and the authorization server's metadata kept with them (issue 45,
// G8): it ages, and a failure that may come from metadata gone stale has it read again.
extension ResourceClientRegistrar {
    /// How long kept metadata is used before it is read from the server again: a day.
    static let keptMetadataLifetime: TimeInterval = 86_400

    /// Where `identity`'s registration with `issuer` for `resource` is kept; `nil` for a metadata
    /// document, which is the app's wherever it signs in and is not kept.
    static func registrationKey(
        for identity: ProtectedResourceSession.ClientIdentity, redirectURI: URL, issuer: String, resource: String
    )
        -> String?
    {
        switch identity {
        case .dynamic: dynamicKey(issuer: issuer, redirectURI: redirectURI, resource: resource)
        case .preregistered(let clientID, _): preregisteredKey(clientID: clientID)
        case .confidential(let client): preregisteredKey(clientID: client.clientID)
        case .enterprise(let enterprise):
            enterprise.clientMetadataDocument == nil ? preregisteredKey(clientID: enterprise.clientID) : nil
        case .clientCredentials(let client): preregisteredKey(clientID: client.clientID)
        case .metadataDocument, .workload: nil
        }
    }

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
    static func isFresh(_ registration: ClientRegistrationRecord, now: Date = Date()) -> Bool {
        guard let readAt = registration.authorizationServerReadAt else { return false }
        return now.timeIntervalSince(readAt) < keptMetadataLifetime && readAt <= now.addingTimeInterval(60)
    }

    /// The server's metadata a registration keeps for `issuer`, named by `resource`, while it is
    /// fresh: what discovery uses instead of asking the server again.
    func keptServer(issuer: String, resource: URL) async -> ProviderConfiguration? {
        guard let registrations,
            let key = Self.registrationKey(
                for: identity, redirectURI: keyRedirect, issuer: issuer, resource: resource.absoluteString),
            let kept = try? await registrations.loadRegistration(key: key), kept.issuer == issuer,
            let server = kept.authorizationServer, Self.isFresh(kept)
        else { return nil }
        return server
    }

    /// Sets aside the metadata kept for `issuer` and `resource`, so the next discovery reads it
    /// from the server again.
    func setAsideKeptServer(issuer: String, resource: URL) async {
        guard let registrations,
            let key = Self.registrationKey(
                for: identity, redirectURI: keyRedirect, issuer: issuer, resource: resource.absoluteString),
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

    /// Whether ``registration(for:serverMetadataReadNow:)`` would register a client at `found`'s
    /// server now (RFC 7591): a dynamic client with no kept registration that fits. Nothing else
    /// makes anything at a server; the first-sign-in lock is for that, and for the first sign-in.
    func registersNow(for found: DiscoveredResource) async throws(OAuthError) -> Bool {
        guard case .dynamic = identity else { return false }
        let issuer = found.configuration.issuer ?? ""
        let key = Self.dynamicKey(
            issuer: issuer, redirectURI: keyRedirect, resource: found.resource.identifier.absoluteString)
        guard let kept = try await storedRegistration(key: key) else { return true }
        return !kept.fits(issuer: issuer, redirectURIs: registeredRedirectURIs) || kept.secretExpired(at: Date())
    }

    func storedRegistration(key: String) async throws(OAuthError) -> ClientRegistrationRecord? {
        guard let registrations else { return nil }
        do {
            return try await registrations.loadRegistration(key: key)
        } catch {
            // The store's error says what it expected and found itself: not wrapped in another
            // "expected … found" (which read "found expected … found …" for a wrong store key).
            throw OAuthError(.storageFailed, "reading the stored registration failed: \(error)", underlyingError: error)
        }
    }

    func storedSignIn() async throws(OAuthError) -> SignInRecord? {
        do {
            return try await store.load()
        } catch {
            throw OAuthError(.storageFailed, "reading the stored sign-in failed: \(error)", underlyingError: error)
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
