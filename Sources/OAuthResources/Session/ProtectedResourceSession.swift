import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthLocking
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

/// A sign-in to a protected resource known only by its URL — an MCP server, an API publishing
/// RFC 9728 metadata: discovered on first use (``ResourceDiscovery``), its client registered as
/// its ``ResourceSignInMethod`` says (``ResourceClient``), signed in by that method, every
/// token bound to the resource (RFC 8707), and stepped up when the resource asks for more.
///
/// The app decides whether anything may involve a person (`Interaction`): a background refresh
/// or a widget says `.never`, and then a sign-in or step-up the resource asks for throws
/// `OAuthError/Kind/interactionRequired` instead of showing a sheet.
///
/// It composes small capabilities, each in a file of its own: discovery
/// (``ResourceDiscovery``), the sign-in method it is handed, the client's registration
/// (`ResourceClientRegistrar`), the step-up bounds (``StepUpLimits``), and the runtime's
/// `OAuthSession` for the sign-in, its refreshes and ``data(for:)``.
///
/// ```swift
/// let session = ProtectedResourceSession(
///     resource: URL(string: "https://mcp.example.com/mcp")!,
///     signIn: BrowserSignIn(
///         client: .dynamic(clientName: "My App"),
///         redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
///         userAgent: LoopbackUserAgent()),
///     store: FileTokenStore(path: path))
/// let (data, response) = try await session.data(for: URLRequest(url: toolsURL))
/// ```
public actor ProtectedResourceSession {
    /// The resource's URL, as the app calls it.
    public nonisolated let resource: URL
    /// How the session signs in, as the app made it (``appliedServerQuirks`` may change its
    /// loopback host at one server).
    public nonisolated let signInMethod: any ResourceSignInMethod
    let store: any TokenStore
    /// The client options every client this session makes starts from; the sign-in method and
    /// its registration set the client ID and credentials.
    let options: ClientOptions
    /// What the session may do on its own, and its clock.
    public nonisolated let policy: ResourceSessionPolicy
    /// Whether a sign-in or step-up may involve a person; the app may change it at any time.
    public var interaction: Interaction

    /// The server discovery landed on, and what the session made there; `nil` until discovered,
    /// and again once dropped (stale metadata, removal).
    var visit: ServerVisit?
    /// The sign-ins this session made because the store held none (diagnostics, and
    /// `oauthgen-login`'s report).
    @_spi(Testing) public internal(set) var firstSignIns = 0
    /// The step-ups this session made (diagnostics and tests).
    @_spi(Testing) public internal(set) var stepUps = 0
    /// The ID-JAGs this session redeemed, for sign-ins and renewals (an enterprise identity;
    /// diagnostics, and `oauthgen-login`'s report).
    @_spi(Testing) public internal(set) var identityAssertionsRedeemed = 0
    /// The tokens this session obtained with no person, for sign-ins and renewals (diagnostics,
    /// and `oauthgen-login`'s report).
    @_spi(Testing) public internal(set) var unattendedSignIns = 0
    /// Whether the client's registration came from the store rather than being made by this
    /// session (diagnostics, and `oauthgen-login`'s report).
    @_spi(Testing) public internal(set) var registrationReused = false

    /// A session for `resource`; nothing is fetched until it is used.
    ///
    /// - Parameters:
    ///   - resource: the resource's URL, as the app calls it.
    ///   - signIn: how the session gets and renews its tokens (``BrowserSignIn``,
    ///     ``DeviceGrantSignIn``, ``ClientCredentialsIdentity``, ``WorkloadIdentity``,
    ///     ``EnterpriseIdentity``, or the app's own).
    ///   - store: where the sign-ins (and, where it keeps them, the registrations) are kept.
    ///   - options: how its clients are made (transport, clock skew, DPoP key storage, loopback
    ///     http, …); the sign-in method supplies the client ID, registration and credentials.
    ///   - policy: interaction, step-up limits, DPoP, the server catalog and the clock.
    public init(
        resource: URL, signIn: any ResourceSignInMethod, store: any TokenStore = MemoryTokenStore(),
        options: ClientOptions = ClientOptions(), policy: ResourceSessionPolicy = ResourceSessionPolicy()
    ) {
        self.resource = resource
        self.signInMethod = signIn
        self.store = store
        self.options = options
        self.policy = policy
        self.interaction = policy.interaction
    }

    /// The options' telemetry, each line naming the resource.
    package nonisolated var telemetry: OAuthTelemetry { options.telemetry.with(.resource, resource.absoluteString) }

    /// Whether http on 127.0.0.1 or [::1] is accepted for the resource and its servers (local
    /// tests): the options' `ClientOptions/allowInsecureLoopback`.
    public nonisolated var allowInsecureLoopback: Bool { options.allowInsecureLoopback }
    /// How many scopes and step-ups a resource may ask for (``ResourceSessionPolicy``).
    public nonisolated var stepUpLimits: StepUpLimits { policy.stepUpLimits }
    /// Whether tokens are bound to a DPoP key even where neither the resource nor its server
    /// asks for it (RFC 9449); where one does, they are bound anyway (`DPoPPolicy`).
    public nonisolated var alwaysUsesDPoP: Bool { policy.alwaysUsesDPoP }
    /// The catalog entry of the server discovery landed on, applied to every request there;
    /// `nil` for a server the catalog does not name, or before discovery.
    public var appliedServerQuirks: ServerQuirkEntry? { visit?.appliedQuirks }

    /// Sets ``interaction``.
    public func setInteraction(_ interaction: Interaction) {
        self.interaction = interaction
    }

    /// The registrar for the app's method, before any server is known.
    var appRegistrar: ResourceClientRegistrar {
        ResourceClientRegistrar(
            method: signInMethod, store: store, options: options, resource: resource, now: policy.now)
    }

    /// The registrar in use: the visited server's, or the app's before discovery.
    var registrar: ResourceClientRegistrar { visit?.registrar ?? appRegistrar }

    /// The discovered resource and its authorization server (discovering them on first use).
    public func discovery() async throws(OAuthError) -> DiscoveredResource {
        try await currentVisit().found
    }

    /// The visit to the server the resource leads to, discovering it first when there is none.
    func currentVisit() async throws(OAuthError) -> ServerVisit {
        if let visit { return visit }
        // A registration kept in the store carries its server's metadata: with a valid stored
        // sign-in, nothing is asked of the authorization server before the resource is called.
        // The metadata is checked for the method's grant alone: a client with no user never runs
        // the code flow, so its server needs no authorization endpoint or S256.
        let usedKept = LockedBox(false)
        let registrar = appRegistrar
        let transport = InstrumentedTransport(
            options.transport, telemetry: telemetry, endpoint: { EndpointRole.name(of: $0) })
        let (resource, grant, dpop) = (resource, signInMethod.grant.rule, policy.alwaysUsesDPoP)
        let found = try await telemetry.run(TelemetryOperation("oauth.discovery", step: .discovering)) {
            _ async throws(OAuthError) in
            try await ResourceDiscovery.discover(
                resource: resource, transport: transport, allowInsecureLoopback: allowInsecureLoopback,
                grant: grant, dpop: dpop
            ) { issuer, resource in
                guard let server = await registrar.keptServer(issuer: issuer, resource: resource) else { return nil }
                usedKept.value = true
                return server
            }
        }
        let applied = try policy.serverQuirks.apply(to: found, method: signInMethod)
        let made = ServerVisit(
            found: applied.found, appliedQuirks: applied.entry, method: applied.method,
            registrar: ResourceClientRegistrar(
                method: applied.method, store: store, options: options, resource: resource, now: policy.now),
            metadataReadNow: !usedKept.value)
        visit = made
        return made
    }

    /// The session holding the sign-in, made with the client's registration (registering first
    /// when it has none yet).
    ///
    /// The sign-in is kept in the store under an account of its own, named by the authorization
    /// server, the client and the resource (``signInAccount(issuer:clientID:resource:)``), where
    /// the store keeps accounts (`AccountTokenStore`): one file or Keychain service holds each
    /// server's sign-in beside the others', and a resource that moves to another authorization
    /// server signs in there without touching, or presenting, the old one's. The token goes to
    /// the resource's origin only.
    public func oauthSession() async throws(OAuthError) -> OAuthSession<DiscoveredProvider> {
        let visit = try await currentVisit()
        if let session = visit.session { return session }
        let found = visit.found
        let registered = try await register(at: visit)
        registrationReused = registered.reused
        // Noted on this visit only: one that replaced it while the registration was awaited (stale
        // metadata, a removal) may be another server's.
        if let binding = registered.pendingBinding, self.visit?.id == visit.id { self.visit?.pendingBinding = binding }
        // The method is the client: its registration, and its credentials. What the app's options
        // say of a client would otherwise be sent to a server the resource named (a secret for
        // another client, at a server it was never given to).
        var options = options
        options.clientID = nil
        options.clientSecret = nil
        options.clientKey = nil
        options.registration = registered.record
        options = visit.method.clientOptions(visit.registrar.client.strategy.clientOptions(options))
        let client = try OAuthClient<DiscoveredProvider>(configuration: found.configuration, options: options)
        let account = Self.signInAccount(
            issuer: found.configuration.issuer ?? "", clientID: registered.record.clientID,
            resource: found.resource.identifier.absoluteString)
        let signInStore = store.accountStore.map { $0.forAccount(account) as any TokenStore } ?? store
        let made = OAuthSession(
            client: client, store: signInStore, allowedResourceOrigins: [resource, found.resource.identifier],
            now: policy.now)
        if !visit.method.involvesPerson {
            // No refresh token is expected of a grant with no user (the ID-JAG draft §5, RFC 6749
            // §4.4.3): an expired token is renewed by the same grant, in the session's single
            // flight (once for every process sharing the store), with nobody asked.
            let method = visit.method
            let context = ResourceSignInContext(client: client, found: found, resource: resource, now: policy.now)
            await made.setRenewal { [weak self] expired async throws(OAuthError) -> SignIn<DiscoveredProvider> in
                let renewed = try await method.signIn(
                    for: SignInDemand(scopes: expired.tokens.scopes ?? found.scopes), in: context)
                await self?.countUnattendedSignIn(by: method)
                return renewed
            }
        }
        if self.visit?.id == visit.id { self.visit?.session = made }
        return made
    }

    /// The client's registration at `visit`'s server: reported as a registration (made, or a kept
    /// one reused) only for a client registered at run time; a bound client's is its ID.
    private func register(at visit: ServerVisit) async throws(OAuthError) -> ResourceClientRegistrar.Registered {
        let registrar = visit.registrar
        guard registrar.client.strategy.registersAtRunTime else {
            return try await registrar.registration(for: visit.found, serverMetadataReadNow: visit.metadataReadNow)
        }
        let operation = TelemetryOperation(
            "oauth.registration", counter: .registrations, attributes: [(.issuer, visit.found.configuration.issuer)],
            step: .registering)
        return try await telemetry.run(
            operation, outcome: { $0.reused ? "reused" : "registered" },
            body: { _ async throws(OAuthError) in
                try await registrar.registration(for: visit.found, serverMetadataReadNow: visit.metadataReadNow)
            })
    }

    /// The store account a resource session keeps a sign-in under: the authorization server,
    /// the client and the resource, so no two of them ever share one.
    public static func signInAccount(issuer: String, clientID: String, resource: String) -> String {
        "resource \(resource) at \(issuer) as \(clientID)"
    }
}
