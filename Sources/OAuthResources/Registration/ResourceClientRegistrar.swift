import Foundation
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

/// How a resource session comes by its client registration with the resource's authorization
/// server: its ``ResourceClient`` (made, RFC 7591, or reused from the store; bound to its
/// server, the MCP authorization spec's "Authorization Server Binding"), kept with the server's
/// metadata, and forgotten with the resource.
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

    /// How the client is registered.
    let client: ResourceClient
    /// The redirect URI registered and signed in with (its loopback host as the server's catalog
    /// entry wants it); `nil` for a method with none.
    let redirectURI: RegisteredRedirectURI?
    let store: any TokenStore
    let transport: any HTTPTransport
    let allowInsecureLoopback: Bool
    /// The resource's URL, as the app calls it (for messages).
    let resource: URL
    /// Whether the user signs in with the device grant: a dynamic registration asks for it, with
    /// no redirect URI, and is kept apart from the browser's.
    let usesDeviceGrant: Bool
    /// The session's clock.
    let now: @Sendable () -> Date

    /// The registrar for `method`'s registration and redirect URI.
    init(
        method: any ResourceSignInMethod, store: any TokenStore, options: ClientOptions, resource: URL,
        now: @escaping @Sendable () -> Date
    ) {
        self.client = method.client
        self.redirectURI = method.redirectURI
        self.usesDeviceGrant = method.grant == .deviceCode
        self.store = store
        // Registration requests reported as such; a `/.well-known/` document as metadata.
        self.transport = InstrumentedTransport(
            options.transport, telemetry: options.telemetry.with(.resource, resource.absoluteString),
            endpoint: { EndpointRole.name(of: $0) == "metadata" ? "metadata" : "registration" })
        self.allowInsecureLoopback = options.allowInsecureLoopback
        self.resource = resource
        self.now = now
    }

    /// Stands in for the redirect URI in a device grant registration's store key.
    static let deviceGrantKey = URL(string: ResourceServerGrant.deviceCodeGrantType)!

    /// The redirect URIs a registration lists: none for a method without one (the device grant).
    var registeredRedirectURIs: [URL] { redirectURI.map { [$0.url] } ?? [] }
    /// What names the registration's redirect in its store key.
    var keyRedirect: URL { redirectURI?.url ?? Self.deviceGrantKey }

    var registrations: (any ClientRegistrationStore)? { store.registrationStore }

    /// The store's registration with `found`'s server when it fits, else one made now.
    /// `serverMetadataReadNow`: the server's metadata was read from the server, not from a kept
    /// registration, so a registration keeps it with today's date.
    func registration(for found: DiscoveredResource, serverMetadataReadNow: Bool) async throws(OAuthError) -> Registered
    {
        try await client.strategy.registration(
            for: found, serverMetadataReadNow: serverMetadataReadNow, by: self)
    }

    /// Whether ``registration(for:serverMetadataReadNow:)`` would register a client at `found`'s
    /// server now (RFC 7591). Nothing else makes anything at a server; the first-sign-in lock is
    /// for that, and for the first sign-in.
    func registersNow(for found: DiscoveredResource) async throws(OAuthError) -> Bool {
        try await client.strategy.registersNow(for: found, by: self)
    }

    /// Where the registration with `issuer` for `resource` is kept; `nil` where none is.
    func registrationKey(issuer: String, resource: String) -> String? {
        client.strategy.storeKey(issuer: issuer, resource: resource, redirect: keyRedirect)
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

    /// What a workload's sign-in is kept under in place of a client ID: its token file, so two
    /// workloads sharing a store never share a sign-in. Printable ASCII, as a client ID must be.
    static func workloadClientName(_ workload: WorkloadIdentity) -> String {
        "workload " + (workload.tokenFile.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
    }
}
