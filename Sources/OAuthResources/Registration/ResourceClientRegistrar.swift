import Foundation
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

/// How a resource session comes by its client registration with the resource's authorization
/// server, for each ``ProtectedResourceSession/ClientIdentity``: made (RFC 7591) or reused from
/// the store, bound to its server (the MCP authorization spec, "Authorization Server Binding"),
/// kept with the server's metadata, and forgotten with the resource.
///
/// A value over the store: the session keeps what a registration leaves to do (`Registered`).
struct ResourceClientRegistrar: Sendable {
    /// What ``registration(for:serverMetadataReadNow:)`` found or made.
    struct Registered: Sendable {
        /// The registration the client signs in with (without the server's metadata).
        var record: ClientRegistrationRecord
        /// Whether it came from the store rather than being made now.
        var reused: Bool
        /// A pre-registered client's first binding to a server, kept only once a sign-in there
        /// succeeded (``keep(_:)``).
        var pendingBinding: PendingBinding?
    }

    /// A registration to keep under `key` once a sign-in succeeded.
    struct PendingBinding: Sendable {
        let record: ClientRegistrationRecord
        let key: String
    }

    let identity: ProtectedResourceSession.ClientIdentity
    /// The redirect URI registered and signed in with (its loopback host as the server's catalog
    /// entry wants it).
    var redirectURI: RegisteredRedirectURI
    let store: any TokenStore
    let transport: any HTTPTransport
    let allowInsecureLoopback: Bool
    /// The resource's URL, as the app calls it (for messages).
    let resource: URL
    /// Whether the user signs in with the device grant: a dynamic registration asks for it, with
    /// no redirect URI, and is kept apart from the browser's.
    var usesDeviceGrant = false

    /// Stands in for the redirect URI in a device grant registration's store key.
    static let deviceGrantKey = URL(string: ResourceServerGrant.deviceCodeGrantType)!

    /// The redirect URIs a dynamic registration has: none for the device grant.
    var registeredRedirectURIs: [URL] { usesDeviceGrant ? [] : [redirectURI.url] }
    /// What names the registration's redirect in its store key.
    var keyRedirect: URL { usesDeviceGrant ? Self.deviceGrantKey : redirectURI.url }

    var registrations: (any ClientRegistrationStore)? { store.registrationStore }

    /// The store's registration with `found`'s server when it fits, else one made now and kept at
    /// once, so a sign-in that fails or is cancelled does not cost another registration.
    /// `serverMetadataReadNow`: the server's metadata was read from the server, not from a kept
    /// registration, so a registration keeps it with today's date.
    func registration(for found: DiscoveredResource, serverMetadataReadNow: Bool) async throws(OAuthError) -> Registered
    {
        switch identity {
        case .preregistered(let clientID, let boundIssuer):
            return try await boundRegistration(
                clientID: clientID, boundIssuer: boundIssuer, found: found, serverMetadataReadNow: serverMetadataReadNow
            )
        case .confidential(let client):
            // The secret goes to the token endpoint alone: it is given at each run, never kept.
            var registered = try await boundRegistration(
                clientID: client.clientID, boundIssuer: client.issuer, found: found,
                serverMetadataReadNow: serverMetadataReadNow)
            registered.record.clientSecret = client.clientSecret
            return registered
        case .enterprise(let enterprise):
            if let document = enterprise.clientMetadataDocument {
                return Registered(record: try metadataDocumentRegistration(document, found: found), reused: false)
            }
            return try await boundRegistration(
                clientID: enterprise.clientID, boundIssuer: enterprise.issuer, found: found,
                serverMetadataReadNow: serverMetadataReadNow)
        case .clientCredentials(let client):
            return try await boundRegistration(
                clientID: client.clientID, boundIssuer: client.issuer, found: found,
                serverMetadataReadNow: serverMetadataReadNow)
        case .workload(let workload):
            // No client ID and nothing registered: a name for the store alone, never sent
            // (`ClientOptions.anonymous`); the JWT's audience binds it to its server.
            let record = ClientRegistrationRecord(
                issuer: found.configuration.issuer ?? "", clientID: Self.workloadClientName(workload),
                method: .preregistered)
            return Registered(record: record, reused: false)
        case .metadataDocument(let url):
            return Registered(record: try metadataDocumentRegistration(url, found: found), reused: false)
        case .dynamic(let clientName):
            return try await dynamicRegistration(
                clientName: clientName, found: found, serverMetadataReadNow: serverMetadataReadNow)
        }
    }

    /// A client registered at run time (RFC 7591), once per server, redirect URI and resource.
    private func dynamicRegistration(
        clientName: String, found: DiscoveredResource, serverMetadataReadNow: Bool
    ) async throws(OAuthError)
        -> Registered
    {
        let issuer = found.configuration.issuer ?? ""
        let key = Self.dynamicKey(
            issuer: issuer, redirectURI: keyRedirect, resource: found.resource.identifier.absoluteString)
        var registration: ClientRegistrationRecord
        var reused = true
        if let kept = try await storedRegistration(key: key),
            kept.fits(issuer: issuer, redirectURIs: registeredRedirectURIs), !kept.secretExpired(at: Date())
        {
            registration = kept
        } else if let legacy = try await storedSignIn()?.registration,
            !usesDeviceGrant, legacy.fits(issuer: issuer, redirectURIs: registeredRedirectURIs),
            legacy.tokenEndpointAuthMethod == nil
        {
            // A sign-in stored before registrations were kept apart carries its registration.
            registration = legacy
        } else {
            registration = try await DynamicClientRegistration.register(
                with: found.configuration, redirectURIs: usesDeviceGrant ? [] : [redirectURI], clientName: clientName,
                scopes: found.scopes, deviceGrant: usesDeviceGrant, transport: transport,
                allowInsecureLoopback: allowInsecureLoopback)
            reused = false
        }
        // Kept when new, or when the server's metadata it carries changed.
        if registrations != nil,
            !reused || registration.authorizationServer != found.configuration || serverMetadataReadNow
        {
            registration.authorizationServer = found.configuration
            if serverMetadataReadNow || registration.authorizationServerReadAt == nil {
                registration.authorizationServerReadAt = Date()
            }
            try await keep(PendingBinding(record: registration, key: key))
        }
        // The sign-in's record carries the registration without the server's metadata.
        registration.authorizationServer = nil
        registration.authorizationServerReadAt = nil
        return Registered(record: registration, reused: reused)
    }

    /// A client whose ID is its metadata document: portable across servers, the document being
    /// the app's wherever it signs in, at a server that says it fetches such documents.
    private func metadataDocumentRegistration(
        _ url: URL, found: DiscoveredResource
    ) throws(OAuthError) -> ClientRegistrationRecord {
        try EndpointPolicy.requireSecure(
            url, name: "client ID metadata document", allowInsecureLoopback: allowInsecureLoopback)
        if let refusal = ResourceDiscoveryPlan.metadataDocumentRefusal(
            supported: found.clientIDMetadataDocumentSupported)
        {
            throw OAuthError.invalidConfiguration(refusal)
        }
        return ClientRegistrationRecord(
            issuer: found.configuration.issuer ?? "", clientID: url.absoluteString, method: .metadataDocument,
            redirectURIs: [redirectURI.url])
    }

    /// A client registered by hand (or an enterprise client): bound to `boundIssuer`, or to the
    /// server it first signed in at, and kept with that server's metadata.
    ///
    /// A binding by use is kept only once a sign-in there succeeded (`Registered/pendingBinding`):
    /// a server a hostile resource named, where the user never finished signing in, must not
    /// become the client's home and lock the real one out.
    private func boundRegistration(
        clientID: String, boundIssuer: String?, found: DiscoveredResource, serverMetadataReadNow: Bool
    )
        async throws(OAuthError) -> Registered
    {
        let issuer = found.configuration.issuer ?? ""
        let key = Self.preregisteredKey(clientID: clientID)
        let stored = try await storedRegistration(key: key)
        if let bound = boundIssuer ?? stored?.issuer, bound != issuer {
            throw OAuthError(
                .invalidConfiguration,
                "expected the resource \(resource.absoluteString) to name the authorization server \(bound), where client \"\(clientID)\" is"
                    + " registered, found it names \(issuer): a client ID belongs to the server that issued it; register the app at \(issuer)"
                    + " and use that client ID, or remove the server's stored sign-in")
        }
        var record = ClientRegistrationRecord(issuer: issuer, clientID: clientID, method: .preregistered)
        record.authorizationServer = found.configuration
        record.authorizationServerReadAt = serverMetadataReadNow ? Date() : stored?.authorizationServerReadAt
        var pending: PendingBinding?
        if registrations != nil, stored != record {
            if stored == nil {
                pending = PendingBinding(record: record, key: key)
            } else {
                try await keep(PendingBinding(record: record, key: key))
            }
        }
        record.authorizationServer = nil
        record.authorizationServerReadAt = nil
        return Registered(record: record, reused: stored != nil, pendingBinding: pending)
    }

    /// What a workload's sign-in is kept under in place of a client ID: its token file, so two
    /// workloads sharing a store never share a sign-in. Printable ASCII, as a client ID must be.
    static func workloadClientName(_ workload: WorkloadIdentity) -> String {
        "workload " + (workload.tokenFile.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
    }
}
