import Foundation
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

// How the client comes by its registration with the resource's server, and what the store keeps
// of it: made or reused, bound to its server, and forgotten with the resource.
extension ProtectedResourceSession {
    /// The store's registration with this server when it fits, else one made now and kept at
    /// once, so a sign-in that fails or is cancelled does not cost another registration.
    func registration(for found: DiscoveredResource) async throws(OAuthError) -> ClientRegistrationRecord {
        let issuer = found.configuration.issuer ?? ""
        let registrations = store as? any ClientRegistrationStore
        switch identity {
        case .preregistered(let clientID, let boundIssuer):
            return try await boundRegistration(clientID: clientID, boundIssuer: boundIssuer, found: found, in: registrations)
        case .enterprise(let enterprise):
            if let document = enterprise.clientMetadataDocument { return try metadataDocumentRegistration(document, found: found) }
            return try await boundRegistration(clientID: enterprise.clientID, boundIssuer: enterprise.issuer, found: found, in: registrations)
        case .metadataDocument(let url):
            return try metadataDocumentRegistration(url, found: found)
        case .dynamic(let clientName):
            let key = Self.dynamicKey(issuer: issuer, redirectURI: redirectURI.url, resource: found.resource.identifier.absoluteString)
            var registration: ClientRegistrationRecord
            if let kept = try await storedRegistration(key: key, in: registrations), kept.fits(issuer: issuer, redirectURIs: [redirectURI.url]) {
                registrationReused = true
                registration = kept
            } else if let legacy = try await storedSignIn(in: store)?.registration, legacy.fits(issuer: issuer, redirectURIs: [redirectURI.url]) {
                // A sign-in stored before registrations were kept apart carries its registration.
                registrationReused = true
                registration = legacy
            } else {
                registration = try await DynamicClientRegistration.register(with: found.configuration, redirectURIs: [redirectURI], clientName: clientName,
                                                                            scopes: found.scopes, transport: transport, allowInsecureLoopback: allowInsecureLoopback)
            }
            // Kept when new, or when the server's metadata it carries changed.
            if let registrations, !registrationReused || registration.authorizationServer != found.configuration || serverMetadataReadNow {
                registration.authorizationServer = found.configuration
                if serverMetadataReadNow || registration.authorizationServerReadAt == nil { registration.authorizationServerReadAt = Date() }
                try await keep(registration, key: key, in: registrations)
            }
            // The sign-in's record carries the registration without the server's metadata.
            registration.authorizationServer = nil
            registration.authorizationServerReadAt = nil
            return registration
        }
    }

    /// Forgets this resource in the store: every sign-in kept for it (at any server, as any client)
    /// is revoked at the server its entry names and forgotten, and every client registered for it
    /// at run time is deleted there (RFC 7592 §2.3) and forgotten. What the app calls when the user
    /// removes the MCP server or API; another resource's sign-ins and registrations stay.
    ///
    /// It works from what the store holds (issue 45, G4): nothing is discovered, registered or
    /// signed in to remove a server, so a server that is gone or moved is forgotten all the same.
    /// The network is asked as a courtesy: what it answers changes nothing here. A store that
    /// cannot list its accounts (a custom ``TokenStore``) forgets this session's own sign-in.
    public func removeServer() async throws(OAuthError) {
        let identifiers = Set([discovered?.resource.identifier.absoluteString, resource.absoluteString].compactMap { $0 })
        let made = session
        session = nil
        guard let accountStore = store as? any AccountTokenStore, let accounts = try? await StoredResourceEntries.accounts(of: store) else {
            _ = try? await made?.signOut()
            return
        }
        for identifier in identifiers.sorted() {
            _ = await StoredResourceEntries.forget(resource: identifier, in: accountStore, accounts: accounts, redirectURIs: [redirectURI.url],
                                                   transport: transport, allowInsecureLoopback: allowInsecureLoopback)
        }
    }

    /// A client whose ID is its metadata document: portable across servers, the document being
    /// the app's wherever it signs in, at a server that says it fetches such documents.
    func metadataDocumentRegistration(_ url: URL, found: DiscoveredResource) throws(OAuthError) -> ClientRegistrationRecord {
        try EndpointPolicy.requireSecure(url, name: "client ID metadata document", allowInsecureLoopback: allowInsecureLoopback)
        guard found.clientIDMetadataDocumentSupported else {
            throw OAuthError.invalidConfiguration("expected the authorization server to accept a client ID metadata document (client_id_metadata_document_supported), found it does not say so")
        }
        return ClientRegistrationRecord(issuer: found.configuration.issuer ?? "", clientID: url.absoluteString, method: .metadataDocument,
                                        redirectURIs: [redirectURI.url])
    }

    /// Forgets `resource` (its identifier) in `store` from what the store holds, as
    /// ``removeServer()`` does, for a tool that has no session for it: `oauthgen-login --forget`.
    @_spi(BuildingBlocks)
    public static func forget(resource: String, in store: FileTokenStore, redirectURIs: [URL], transport: any HTTPTransport = URLSessionTransport(),
                              allowInsecureLoopback: Bool = false) async -> StoredResourceEntries.Outcome {
        await StoredResourceEntries.forget(resource: resource, in: store, accounts: store.accounts(), redirectURIs: redirectURIs,
                                           transport: transport, allowInsecureLoopback: allowInsecureLoopback)
    }

    /// Where `identity`'s registration with `issuer` for `resource` is kept; `nil` for a metadata
    /// document, which is the app's wherever it signs in and is not kept.
    static func registrationKey(for identity: ClientIdentity, redirectURI: URL, issuer: String, resource: String) -> String? {
        switch identity {
        case .dynamic: dynamicKey(issuer: issuer, redirectURI: redirectURI, resource: resource)
        case .preregistered(let clientID, _): preregisteredKey(clientID: clientID)
        case .enterprise(let enterprise): enterprise.clientMetadataDocument == nil ? preregisteredKey(clientID: enterprise.clientID) : nil
        case .metadataDocument: nil
        }
    }

    /// Where a dynamic registration is kept: one per authorization server, redirect URI and
    /// resource, so removing one resource's server deletes a client no other resource uses.
    static func dynamicKey(issuer: String, redirectURI: URL, resource: String) -> String {
        "dynamic at \(issuer) for \(redirectURI.absoluteString) and \(resource)"
    }

    static func preregisteredKey(clientID: String) -> String {
        "preregistered \(clientID)"
    }

    /// A client registered by hand (or an enterprise client): bound to `boundIssuer`, or to the
    /// server it first signed in at, and kept with that server's metadata.
    ///
    /// A binding by use is kept only once a sign-in there succeeded (``keepPendingBinding()``):
    /// a server a hostile resource named, where the user never finished signing in, must not
    /// become the client's home and lock the real one out.
    func boundRegistration(clientID: String, boundIssuer: String?, found: DiscoveredResource,
                                   in registrations: (any ClientRegistrationStore)?) async throws(OAuthError) -> ClientRegistrationRecord {
        let issuer = found.configuration.issuer ?? ""
        let key = Self.preregisteredKey(clientID: clientID)
        let stored = try await storedRegistration(key: key, in: registrations)
        if let bound = boundIssuer ?? stored?.issuer, bound != issuer {
            throw OAuthError(.invalidConfiguration, "expected the resource \(resource.absoluteString) to name the authorization server \(bound), where client \"\(clientID)\" is registered, found it names \(issuer): a client ID belongs to the server that issued it; register the app at \(issuer) and use that client ID, or remove the server's stored sign-in")
        }
        registrationReused = stored != nil
        var record = ClientRegistrationRecord(issuer: issuer, clientID: clientID, method: .preregistered)
        record.authorizationServer = found.configuration
        record.authorizationServerReadAt = serverMetadataReadNow ? Date() : stored?.authorizationServerReadAt
        if let registrations, stored != record {
            if stored == nil { pendingBinding = (record, key) } else { try await keep(record, key: key, in: registrations) }
        }
        record.authorizationServer = nil
        record.authorizationServerReadAt = nil
        return record
    }

    /// Keeps the binding ``boundRegistration(clientID:boundIssuer:found:in:)`` left for the first
    /// sign-in that succeeded.
    func keepPendingBinding() async throws(OAuthError) {
        guard let (record, key) = pendingBinding, let registrations = store as? any ClientRegistrationStore else { return }
        try await keep(record, key: key, in: registrations)
        pendingBinding = nil
    }

    func storedRegistration(key: String, in registrations: (any ClientRegistrationStore)?) async throws(OAuthError) -> ClientRegistrationRecord? {
        guard let registrations else { return nil }
        do {
            return try await registrations.loadRegistration(key: key)
        } catch {
            throw OAuthError(.storageFailed, "expected the stored registration to be readable, found \(error)", underlyingError: error)
        }
    }

    func keep(_ registration: ClientRegistrationRecord, key: String, in registrations: any ClientRegistrationStore) async throws(OAuthError) {
        do {
            try await registrations.saveRegistration(registration, key: key)
        } catch {
            throw OAuthError.storageFailed("saving the registration", error)
        }
    }

    func storedSignIn(in store: any TokenStore) async throws(OAuthError) -> SignInRecord? {
        do {
            return try await store.load()
        } catch {
            throw OAuthError(.storageFailed, "expected the stored sign-in to be readable, found \(error)", underlyingError: error)
        }
    }
}
