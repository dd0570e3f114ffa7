import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthLocking
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

/// A sign-in to a protected resource known only by its URL — an MCP server, an API publishing
/// RFC 9728 metadata: discovered on first use (``ResourceDiscovery``), registered in the order
/// MCP clients follow (`ClientIdentity`), signed in through the app's user agent, every token
/// bound to the resource (RFC 8707), and stepped up when the resource asks for more.
///
/// The app decides whether anything may open the browser (`Interaction`): a background refresh
/// or a widget says `.never`, and then a sign-in or step-up the resource asks for throws
/// `OAuthError/Kind/interactionRequired` instead of showing a sheet.
///
/// It composes small capabilities, each in a file of its own: discovery
/// (``ResourceDiscovery``), the client's registration for its `ClientIdentity`
/// (`ResourceClientRegistrar`), the enterprise sign-in (`EnterpriseSignIn`), the step-up bounds
/// (``StepUpLimits``), and the runtime's `OAuthSession` for the sign-in, its refreshes and
/// ``data(for:)``.
///
/// ```swift
/// let session = ProtectedResourceSession(
///     resource: URL(string: "https://mcp.example.com/mcp")!,
///     identity: .dynamic(clientName: "My App"),
///     redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
///     store: FileTokenStore(path: path),
///     userAgent: LoopbackUserAgent())
/// let (data, response) = try await session.data(for: URLRequest(url: toolsURL))
/// ```
public actor ProtectedResourceSession {
    /// The resource's URL, as the app calls it.
    public nonisolated let resource: URL
    let identity: ClientIdentity
    /// Where the server sends the user back: the app's, or its loopback host changed by the
    /// server's catalog entry (``appliedServerQuirks``).
    var redirectURI: RegisteredRedirectURI
    let store: any TokenStore
    let userAgent: any ExternalUserAgent
    /// The client options every client this session makes starts from; its identity sets the
    /// client ID, registration and credentials.
    let options: ClientOptions
    var registrar: ResourceClientRegistrar
    /// The run-time quirks of the servers a resource may lead to.
    let serverQuirks: ServerQuirkCatalog
    /// The catalog entry of the server discovery landed on, applied to every request there;
    /// `nil` for a server the catalog does not name.
    public internal(set) var appliedServerQuirks: ServerQuirkEntry?
    /// Whether http on 127.0.0.1 or [::1] is accepted for the resource and its servers (local
    /// tests): the options' `ClientOptions/allowInsecureLoopback`.
    public nonisolated var allowInsecureLoopback: Bool { options.allowInsecureLoopback }
    /// Whether a sign-in or step-up may open the user agent; the app may change it at any time.
    public var interaction: Interaction
    /// How many scopes and step-ups a resource may ask for.
    public let stepUpLimits: StepUpLimits
    /// Whether tokens are bound to a DPoP key even where neither the resource nor its server
    /// asks for it (RFC 9449); where one does, they are bound anyway (`DPoPPolicy`).
    public nonisolated let alwaysUsesDPoP: Bool
    /// Where a sign-in with the device grant (RFC 8628) shows its code, instead of opening the
    /// user agent: `nil` for a browser sign-in.
    let deviceCodePresenter: (any DeviceCodePresenter)?

    var discovered: DiscoveredResource?
    var session: OAuthSession<DiscoveredProvider>?
    /// Whether the server's metadata of ``discovered`` was read from the server, not from a
    /// registration that kept it: a registration then keeps it with today's date.
    var serverMetadataReadNow = false
    /// A pre-registered client's first binding, kept once a sign-in at its server succeeded.
    var pendingBinding: ResourceClientRegistrar.PendingBinding?
    /// The sign-ins this session made because the store held none (diagnostics, and
    /// `oauthgen-login`'s report).
    @_spi(Testing) public internal(set) var firstSignIns = 0
    /// The step-ups this session made (diagnostics and tests).
    @_spi(Testing) public internal(set) var stepUps = 0
    /// The ID-JAGs this session redeemed, for sign-ins and renewals (an enterprise identity;
    /// diagnostics, and `oauthgen-login`'s report).
    @_spi(Testing) public internal(set) var identityAssertionsRedeemed = 0
    /// The tokens this session obtained with no user, for sign-ins and renewals (an enterprise,
    /// client credentials or workload identity; diagnostics, and `oauthgen-login`'s report).
    @_spi(Testing) public internal(set) var unattendedSignIns = 0
    /// Whether the client's registration came from the store rather than being made by this
    /// session (diagnostics, and `oauthgen-login`'s report).
    @_spi(Testing) public internal(set) var registrationReused = false

    /// A session for `resource`; nothing is fetched until it is used.
    ///
    /// - Parameters:
    ///   - resource: the resource's URL, as the app calls it.
    ///   - identity: how the client comes by its client ID.
    ///   - redirectURI: where the authorization server sends the user back.
    ///   - store: where the sign-ins (and, where it keeps them, the registrations) are kept.
    ///   - userAgent: what shows the sign-in.
    ///   - interaction: whether a sign-in or step-up may open the user agent.
    ///   - options: how its clients are made (transport, clock skew, DPoP key storage, loopback
    ///     http, …); `identity` supplies the client ID, registration and credentials.
    ///   - alwaysUsesDPoP: bind tokens to a DPoP key even where neither the resource nor its
    ///     server asks for it.
    ///   - stepUpLimits: how many scopes and step-ups the resource may ask for.
    ///   - deviceCodePresenter: sign in with the device grant (RFC 8628) where the server has a
    ///     `device_authorization_endpoint`, showing the code there instead of opening
    ///     `userAgent`; a dynamic registration then asks for that grant.
    ///   - serverQuirks: the run-time quirks of the servers the resource may lead to; the
    ///     entry naming the one it does is applied (``appliedServerQuirks``).
    public init(
        resource: URL, identity: ClientIdentity, redirectURI: RegisteredRedirectURI,
        store: any TokenStore = MemoryTokenStore(),
        userAgent: any ExternalUserAgent, interaction: Interaction = .allowed, options: ClientOptions = ClientOptions(),
        alwaysUsesDPoP: Bool = false, stepUpLimits: StepUpLimits = StepUpLimits(),
        deviceCodePresenter: (any DeviceCodePresenter)? = nil, serverQuirks: ServerQuirkCatalog = .builtIn
    ) {
        self.resource = resource
        self.identity = identity
        self.redirectURI = redirectURI
        self.store = store
        self.userAgent = userAgent
        self.interaction = interaction
        self.options = options
        self.alwaysUsesDPoP = alwaysUsesDPoP
        self.stepUpLimits = stepUpLimits
        self.deviceCodePresenter = deviceCodePresenter
        self.serverQuirks = serverQuirks
        self.registrar = ResourceClientRegistrar(
            identity: identity, redirectURI: redirectURI, store: store, transport: options.transport,
            allowInsecureLoopback: options.allowInsecureLoopback, resource: resource,
            usesDeviceGrant: deviceCodePresenter != nil && UnattendedSignIn(identity) == nil)
    }

    /// Sets ``interaction``.
    public func setInteraction(_ interaction: Interaction) {
        self.interaction = interaction
    }

    /// The discovered resource and its authorization server (discovering them on first use).
    public func discovery() async throws(OAuthError) -> DiscoveredResource {
        if let discovered { return discovered }
        // A registration kept in the store carries its server's metadata: with a valid stored
        // sign-in, nothing is asked of the authorization server before the resource is called.
        // A client with no user never runs the code flow there: its server needs the grant it
        // uses (the ID-JAG profile, client credentials, jwt-bearer), not an authorization
        // endpoint or S256.
        let grant = unattendedSignIn?.grant ?? (registrar.usesDeviceGrant ? .deviceCode : .authorizationCode)
        let usedKept = LockedBox(false)
        let registrar = registrar
        let found = try await ResourceDiscovery.discover(
            resource: resource, transport: options.transport, allowInsecureLoopback: allowInsecureLoopback,
            grant: grant, dpop: alwaysUsesDPoP
        ) { issuer, resource in
            guard let server = await registrar.keptServer(issuer: issuer, resource: resource) else { return nil }
            usedKept.value = true
            return server
        }
        var applied = found
        try applyServerQuirks(to: &applied)
        discovered = applied
        serverMetadataReadNow = !usedKept.value
        return applied
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
        if let session { return session }
        let found = try await discovery()
        let registered = try await registrar.registration(for: found, serverMetadataReadNow: serverMetadataReadNow)
        registrationReused = registered.reused
        if let binding = registered.pendingBinding { pendingBinding = binding }
        // The identity is the client: its registration, and an enterprise client's credentials.
        // What the app's options say of a client would otherwise be sent to a server the
        // resource named (a secret for another client, at a server it was never given to).
        var options = options
        options.clientID = nil
        options.clientSecret = nil
        options.clientKey = nil
        options.registration = registered.record
        let unattended = unattendedSignIn
        if let unattended { options = unattended.clientOptions(options) }
        let client = try OAuthClient<DiscoveredProvider>(configuration: found.configuration, options: options)
        let account = Self.signInAccount(
            issuer: found.configuration.issuer ?? "", clientID: registered.record.clientID,
            resource: found.resource.identifier.absoluteString)
        let signInStore = store.accountStore.map { $0.forAccount(account) as any TokenStore } ?? store
        let made = OAuthSession(
            client: client, store: signInStore, allowedResourceOrigins: [resource, found.resource.identifier])
        if let unattended {
            // No refresh token is expected of a grant with no user (the ID-JAG draft §5, RFC 6749
            // §4.4.3): an expired token is renewed by the same grant, in the session's single
            // flight (once for every process sharing the store), with nobody asked.
            let discoveredScopes = found.scopes
            await made.setRenewal { [weak self] expired async throws(OAuthError) -> SignIn<DiscoveredProvider> in
                let renewed = try await unattended.signIn(
                    scopes: expired.tokens.scopes ?? discoveredScopes, found: found, client: client)
                await self?.countUnattendedSignIn(unattended)
                return renewed
            }
        }
        session = made
        return made
    }

    /// The sign-in with no user for an enterprise, client credentials or workload identity;
    /// `nil` for one that signs in through the user agent.
    var unattendedSignIn: UnattendedSignIn? { UnattendedSignIn(identity) }

    /// The store account a resource session keeps a sign-in under: the authorization server,
    /// the client and the resource, so no two of them ever share one.
    public static func signInAccount(issuer: String, clientID: String, resource: String) -> String {
        "resource \(resource) at \(issuer) as \(clientID)"
    }

    /// The headers for one request to the resource: signed in first (opening the user agent
    /// when ``interaction`` allows), refreshed if needed.
    public func authorizationHeaders(method: String, url: URL) async throws(OAuthError) -> AuthorizationHeaders {
        try await requireWithinResource(url)
        do {
            return try await signedInSession().validAuthorizationHeaders(method: method, url: url)
        } catch {
            throw await metadataMayBeStale(after: error)
        }
    }

    /// The session, signed in first (with the discovered scopes) when it holds no sign-in.
    ///
    /// The registration and the first sign-in are made holding the store's sign-in lock for this
    /// resource, where the store has one (`FileTokenStore`): sessions in other processes that
    /// start together wait, then find the registration and sign-in this one made (issue 45, G9:
    /// four agents on an empty store made four registrations and four browser sign-ins).
    ///
    /// - Parameter scopes: the scopes to sign in with, if it must; the resource's by default.
    @_spi(BuildingBlocks)
    public func signedInSession(scopes: [String]? = nil) async throws(OAuthError) -> OAuthSession<DiscoveredProvider> {
        if let session, try await session.currentSignIn() != nil { return session }
        // A store holding the registration and a sign-in needs no lock: processes that start
        // together go to the resource at once, not in turns for discovery (issue 53).
        if session == nil, try await !registrar.registersNow(for: discovery()),
            try await oauthSession().currentSignIn() != nil, let session
        {
            return session
        }
        let lock = try await firstSignInLock()
        defer { lock?.release() }
        let session = try await oauthSession()
        if try await session.currentSignIn() == nil {
            let wanted: [String]
            if let scopes { wanted = scopes } else { wanted = try await discovery().scopes }
            try await signIn(scopes: wanted)
            firstSignIns += 1
        }
        return session
    }

    /// The lock the sessions on a shared store (`FileTokenStore`, the PostgreSQL store) take for
    /// this resource's registration and first sign-in; `nil` for a store without one. Held while
    /// the user signs in, so it waits as long as a sign-in may take, and ends with the task's
    /// cancellation.
    private func firstSignInLock() async throws(OAuthError) -> TokenStoreLock? {
        do {
            return try await store.holdFirstSignInLock(
                named: "first sign-in to \(resource.absoluteString)", timeout: .seconds(600))
        } catch is CancellationError {
            throw OAuthError.taskCancelled
        } catch {
            throw OAuthError.storageFailed("locking the store for the first sign-in", error)
        }
    }

    /// Sends `request` to the resource with the sign-in's token through the client's transport:
    /// signed in first, a 401 `invalid_token` renewed once (`OAuthSession/data(for:)`), a 403
    /// `insufficient_scope` or a 401 `insufficient_user_authentication` stepped up once
    /// (``handle(_:sent:)``).
    public func data(for request: URLRequest) async throws(OAuthError) -> (Data, HTTPURLResponse) {
        if let url = request.url { try await requireWithinResource(url) }
        // Signed in here; the session's one loop makes each attempt's headers itself, and asks
        // this session for a step-up when a refusal calls for one.
        do {
            let session = try await signedInSession()
            return try await session.data(for: request) { refusal async throws(OAuthError) -> Bool in
                try await self.stepUp(for: refusal)
            }
        } catch {
            throw await metadataMayBeStale(after: error)
        }
    }

    /// Refuses `url` outside the resource (its origin and path, `ResourceBoundary`): the URL
    /// the app calls it by, or its identifier once discovered.
    func requireWithinResource(_ url: URL) async throws(OAuthError) {
        try ResourceBoundary.require(url, within: [resource] + (discovered.map { [$0.resource.identifier] } ?? []))
    }
}
