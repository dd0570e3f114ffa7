import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

/// A sign-in to a protected resource known only by its URL — an MCP server, an API publishing
/// RFC 9728 metadata: discovered on first use (``ResourceDiscovery``), registered in the order
/// MCP clients follow (``ClientIdentity``), signed in through the app's user agent, every token
/// bound to the resource (RFC 8707), and stepped up when the resource asks for more.
///
/// The app decides whether anything may open the browser (``Interaction``): a background refresh
/// or a widget says `.never`, and then a sign-in or step-up the resource asks for throws
/// ``OAuthError/Kind/interactionRequired`` instead of showing a sheet.
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
    /// How the client comes by its client ID, in the order MCP clients try them.
    public enum ClientIdentity: Sendable, Hashable {
        /// A client ID registered by hand with the authorization server `issuer`. Client IDs
        /// belong to the server that issued them (the MCP authorization spec, "Authorization
        /// Server Binding"): a resource naming another server is refused, saying which, before
        /// anything is sent there. Without `issuer` (a public client, which has no secret to
        /// lose), the first server a sign-in succeeds at binds it, in a store that keeps
        /// registrations (``ClientRegistrationStore``); a client with a secret names its server.
        case preregistered(String, issuer: String? = nil)
        /// An https URL the app hosts whose Client ID Metadata Document lists the redirect URIs.
        case metadataDocument(URL)
        /// Registered at run time (RFC 7591), once per authorization server; the registration is
        /// kept in the store with the sign-in and reused.
        case dynamic(clientName: String)
        /// A confidential client that signs in with the company's identity provider: an ID-JAG
        /// redeemed at the authorization server, with no browser, as long as the app's sign-in
        /// at the identity provider lives (enterprise-managed authorization). Bound to its
        /// authorization server as a pre-registered client is.
        case enterprise(EnterpriseIdentity)

    }

    /// Whether a sign-in or a step-up may open the user agent.
    public enum Interaction: Sendable, Hashable {
        /// When the resource needs a sign-in or more scopes, the user agent opens.
        case allowed
        /// Nothing opens: a needed sign-in or step-up throws ``OAuthError/Kind/interactionRequired``.
        case never
    }

    /// The resource's URL, as the app calls it.
    public nonisolated let resource: URL
    let identity: ClientIdentity
    let redirectURI: RegisteredRedirectURI
    let store: any TokenStore
    let userAgent: any ExternalUserAgent
    let transport: any HTTPTransport
    /// Whether http on 127.0.0.1 or [::1] is accepted for the resource and its servers (local tests).
    public nonisolated let allowInsecureLoopback: Bool
    /// Whether a sign-in or step-up may open the user agent; the app may change it at any time.
    public var interaction: Interaction
    /// The most scopes a step-up may ask for in all, so a resource cannot grow a request forever.
    public let maximumScopes: Int
    /// The most step-ups (a sign-in for more scopes, or for a fresher or stronger
    /// authentication) in any ``stepUpWindow``: a resource that asks on every request opens the
    /// user agent this often, then gets ``OAuthError/Kind/stepUpLimitReached``.
    public let maximumStepUps: Int
    /// Whether tokens are bound to a DPoP key even where neither the resource nor its server
    /// asks for it (RFC 9449); where one does, they are bound anyway (`DPoPPolicy`).
    public nonisolated let alwaysUsesDPoP: Bool
    /// The window ``maximumStepUps`` counts in, in seconds. The count is kept with the sign-in
    /// in the store: every session and process on the store spends from one budget.
    public let stepUpWindow: TimeInterval

    var discovered: DiscoveredResource?
    var session: OAuthSession<DiscoveredProvider>?
    /// Whether the server's metadata of ``discovered`` was read from the server, not from a
    /// registration that kept it: a registration then keeps it with today's date.
    var serverMetadataReadNow = false
    /// A pre-registered client's first binding, kept once a sign-in at its server succeeded.
    var pendingBinding: (record: ClientRegistrationRecord, key: String)?
    /// The sign-ins this session made because the store held none (diagnostics, and
    /// `oauthgen-login`'s report).
    @_spi(Testing) public private(set) var firstSignIns = 0
    /// The step-ups this session made (diagnostics and tests).
    @_spi(Testing) public private(set) var stepUps = 0
    /// The ID-JAGs this session redeemed, for sign-ins and renewals (an enterprise identity;
    /// diagnostics, and `oauthgen-login`'s report).
    @_spi(Testing) public private(set) var identityAssertionsRedeemed = 0
    /// Whether the client's registration came from the store rather than being made by this
    /// session (diagnostics, and `oauthgen-login`'s report).
    @_spi(Testing) public internal(set) var registrationReused = false

    /// A session for `resource`; nothing is fetched until it is used.
    public init(resource: URL, identity: ClientIdentity, redirectURI: RegisteredRedirectURI, store: any TokenStore = MemoryTokenStore(),
                userAgent: any ExternalUserAgent, interaction: Interaction = .allowed, transport: any HTTPTransport = URLSessionTransport(),
                allowInsecureLoopback: Bool = false, alwaysUsesDPoP: Bool = false, maximumScopes: Int = 32, maximumStepUps: Int = 3,
                stepUpWindow: TimeInterval = 600) {
        self.resource = resource
        self.identity = identity
        self.redirectURI = redirectURI
        self.store = store
        self.userAgent = userAgent
        self.interaction = interaction
        self.transport = transport
        self.allowInsecureLoopback = allowInsecureLoopback
        self.alwaysUsesDPoP = alwaysUsesDPoP
        self.maximumScopes = maximumScopes
        self.maximumStepUps = maximumStepUps
        self.stepUpWindow = stepUpWindow
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
        let registrations = store as? any ClientRegistrationStore
        let identity = identity, redirect = redirectURI.url
        // An enterprise identity redeems ID-JAGs there and never runs the code flow: its server
        // needs the ID-JAG profile, not an authorization endpoint or S256.
        let grant: ResourceServerGrant
        if case .enterprise = identity { grant = .identityAssertion } else { grant = .authorizationCode }
        let usedKept = CancellationFlag()
        let found = try await ResourceDiscovery.discover(resource: resource, transport: transport, allowInsecureLoopback: allowInsecureLoopback,
                                                         grant: grant, dpop: alwaysUsesDPoP) { issuer, resource in
            guard let registrations, let key = Self.registrationKey(for: identity, redirectURI: redirect, issuer: issuer, resource: resource.absoluteString),
                  let kept = try? await registrations.loadRegistration(key: key), kept.issuer == issuer,
                  let server = kept.authorizationServer, Self.isFresh(kept) else { return nil }
            usedKept.set()
            return server
        }
        discovered = found
        serverMetadataReadNow = !usedKept.isSet
        return found
    }

    /// The session holding the sign-in, made with the client's registration (registering first
    /// when it has none yet).
    ///
    /// The sign-in is kept in the store under an account of its own, named by the authorization
    /// server, the client and the resource (``signInAccount(issuer:clientID:resource:)``), where
    /// the store keeps accounts (``AccountTokenStore``): one file or Keychain service holds each
    /// server's sign-in beside the others', and a resource that moves to another authorization
    /// server signs in there without touching, or presenting, the old one's. The token goes to
    /// the resource's origin only.
    public func oauthSession() async throws(OAuthError) -> OAuthSession<DiscoveredProvider> {
        if let session { return session }
        let found = try await discovery()
        let registration = try await registration(for: found)
        var options = ClientOptions(transport: transport, allowInsecureLoopback: allowInsecureLoopback, registration: registration)
        if case .enterprise(let enterprise) = identity {
            options.clientSecret = enterprise.clientSecret
            options.clientKey = enterprise.clientKey
        }
        let client = try OAuthClient<DiscoveredProvider>(configuration: found.configuration, options: options)
        let account = Self.signInAccount(issuer: found.configuration.issuer ?? "", clientID: registration.clientID,
                                         resource: found.resource.identifier.absoluteString)
        let signInStore = (store as? any AccountTokenStore).map { $0.forAccount(account) as any TokenStore } ?? store
        let made = OAuthSession(client: client, store: signInStore, allowedResourceOrigins: [resource, found.resource.identifier])
        if case .enterprise(let enterprise) = identity {
            // No refresh token comes with an ID-JAG's tokens (draft §5): an expired one is
            // renewed by a new ID-JAG, in the session's single flight (once for every process
            // sharing the store), with no prompt while the identity provider's sign-in lives.
            let issuer = found.configuration.issuer ?? "", resourceID = found.resource.identifier, discoveredScopes = found.scopes
            await made.setRenewal { [weak self] expired async throws(OAuthError) -> SignIn<DiscoveredProvider> in
                let renewed = try await Self.redeemIdentityAssertion(from: enterprise.identityProvider, audience: issuer, resource: resourceID,
                                                                     scopes: expired.tokens.scopes ?? discoveredScopes, client: client)
                await self?.countRedemption()
                return renewed
            }
        }
        session = made
        return made
    }

    /// The two hops of enterprise-managed authorization: an ID-JAG from the identity provider
    /// for this authorization server and resource, then the JWT bearer grant with it here. The
    /// ID token goes to the identity provider only; the server gets the ID-JAG.
    static func redeemIdentityAssertion(from issuer: any IdentityAssertionIssuer, audience: String, resource: URL, scopes: [String],
                                        client: OAuthClient<DiscoveredProvider>) async throws(OAuthError) -> SignIn<DiscoveredProvider> {
        let grant = try await issuer.identityAssertion(audience: audience, resource: resource, scopes: scopes)
        guard grant.issuedTokenType == .idJAG else {
            throw OAuthError.invalidTokenResponse("the issued token type \"\(grant.issuedTokenType)\" where \(TokenTypeURI.idJAG) was requested")
        }
        // A DPoP-bound token where the resource or its server asks for one, as for a browser sign-in.
        let key = client.usesDPoP ? try client.dpopKeyStorage.makeKey() : nil
        return try SignIn(tokens: try await client.redeem(assertion: grant.token, scopes: scopes, dpopKey: key), idToken: nil)
    }

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
    /// resource, where the store has one (``FileTokenStore``): sessions in other processes that
    /// start together wait, then find the registration and sign-in this one made (issue 45, G9:
    /// four agents on an empty store made four registrations and four browser sign-ins).
    ///
    /// - Parameter scopes: the scopes to sign in with, if it must; the resource's by default.
    @_spi(BuildingBlocks)
    public func signedInSession(scopes: [String]? = nil) async throws(OAuthError) -> OAuthSession<DiscoveredProvider> {
        if let session, try await session.currentSignIn() != nil { return session }
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

    /// The lock the sessions on a ``FileTokenStore`` take for this resource's registration and
    /// first sign-in; `nil` for a store without one. Held while the user signs in, so it waits as
    /// long as a sign-in may take, and ends with the task's cancellation.
    private func firstSignInLock() async throws(OAuthError) -> TokenStoreLock? {
        guard let file = store as? FileTokenStore else { return nil }
        let path = file.signInLockPath(for: "first sign-in to \(resource.absoluteString)")
        do {
            return try await TokenStoreLock.file(at: path, timeout: .seconds(600))
        } catch is CancellationError {
            throw OAuthError.taskCancelled
        } catch {
            throw OAuthError.storageFailed("locking the store for the first sign-in", error)
        }
    }

    /// What to do about the resource's answer to a request that carried `sent` (its
    /// `Authorization` header): `true` to send the request again.
    ///
    /// - 401 `insufficient_user_authentication` (RFC 9470): sign in again with the challenge's
    ///   `acr_values` and `max_age`, and keep the new sign-in only if its ID token meets them
    ///   (``OAuthError/Kind/insufficientAuthentication`` otherwise).
    /// - 401 `invalid_token`, or a 401 at all before any sign-in: renew the token (refresh once,
    ///   or sign in).
    /// - 403 `insufficient_scope` naming scopes beyond those granted: sign in again with the
    ///   union (``StepUp``), at most ``maximumScopes`` in all, only scopes the resource lists in
    ///   its `scopes_supported` (where it lists any); never for a refusal naming nothing new,
    ///   so it cannot loop.
    /// - A 401 `insufficient_user_authentication` the sign-in already meets (its ID token's
    ///   `acr` and `auth_time`) asks for less than it has: `false`, nothing opens.
    /// - At most ``maximumStepUps`` step-ups in any ``stepUpWindow``; past that,
    ///   ``OAuthError/Kind/stepUpLimitReached``.
    public func handle(_ response: HTTPURLResponse, sent: String?) async throws(OAuthError) -> Bool {
        let refusal = ResourceRefusal(response)
        switch refusal {
        case .insufficientAuthentication, .insufficientScope:
            return try await stepUp(for: refusal)
        case .invalidToken, .unauthorized, .dpopNonce:
            guard let sent else {
                // Nothing was sent: a sign-in is what the resource asks for.
                try await signIn(scopes: try await discovery().scopes)
                return true
            }
            guard case .invalidToken = refusal else { return false }
            return try await oauthSession().renewAfterRejection(of: sent)
        case .other:
            return false
        }
    }

    /// A step-up for a refusal that asks for one: `true` when the user signed in again and the
    /// request should be sent again.
    func stepUp(for refusal: ResourceRefusal) async throws(OAuthError) -> Bool {
        let session = try await oauthSession()
        switch refusal {
        case .insufficientAuthentication(let acrValues, let maxAge):
            // RFC 9470: the same scopes, a fresher or stronger authentication — unless the
            // sign-in has it already: then the challenge asks for less than it has.
            let current = try await session.currentSignIn()
            if let current, StepUp.isMet(acr: current.authenticationContextClass?.rawValue, authenticatedAt: current.authenticatedAt,
                                         hasIDToken: current.idToken != nil, acrValues: acrValues, maxAge: maxAge, now: Date()) {
                return false
            }
            // The current sign-in is what a step-up for this very challenge produced (in this
            // process or another on the store), and the resource still refuses it: another
            // browser would end the same way (issue 45; RFC 9470 §4 lets a resource ask again,
            // not forever).
            let challenge = StepUpLedger.Challenge(acrValues: acrValues, maxAge: maxAge)
            if try await session.stepUpLedger().answered == challenge {
                throw OAuthError(.insufficientAuthentication, "expected \(resource.absoluteString) to accept the sign-in a step-up made for its challenge"
                    + " (acr_values \(acrValues.isEmpty ? "none" : acrValues.joined(separator: " ")), max_age \(maxAge.map(String.init) ?? "none")),"
                    + " found it asking again with the same challenge: another sign-in would not satisfy it")
            }
            let discoveredScopes = try await discovery().scopes
            let scopes = current?.tokens.scopes ?? discoveredScopes
            try await spendStepUp(in: session)
            try await signIn(scopes: scopes, acrValues: acrValues, maxAge: maxAge, replacing: current?.tokens.scopes)
            stepUps += 1
            try await session.updateStepUps { $0.answered = challenge }
            return true
        case .insufficientScope:
            let found = try await discovery()
            let granted = try await session.currentSignIn()?.tokens.scopes ?? found.scopes
            // The challenge's scopes are authoritative, whatever `scopes_supported` lists (MCP
            // authorization, 2026-07-28, "Scope Selection Strategy"; RFC 9728 §2 lets a resource
            // leave scopes out of that list). What keeps a hostile resource from asking forever
            // is the bound: `maximumScopes`, and `maximumStepUps` in `stepUpWindow`.
            guard let wanted = StepUp.scopes(for: refusal, granted: granted), wanted.count <= maximumScopes else { return false }
            try await spendStepUp(in: session)
            try await signIn(scopes: wanted, acrValues: [], maxAge: nil, replacing: granted)
            stepUps += 1
            return true
        default:
            return false
        }
    }

    /// Counts one step-up in the ledger kept with the sign-in, or throws
    /// ``OAuthError/Kind/stepUpLimitReached`` when ``maximumStepUps`` were made in the last
    /// ``stepUpWindow`` seconds, by this session or any other on the store.
    func spendStepUp(in session: OAuthSession<DiscoveredProvider>, now: Date = Date()) async throws(OAuthError) {
        let (maximum, window) = (maximumStepUps, stepUpWindow)
        guard try await session.updateStepUps({ $0.spend(now: now, maximum: maximum, window: window) }) else {
            throw OAuthError(.stepUpLimitReached, "expected \(resource.absoluteString) to be satisfied by \(maximumStepUps) step-ups in \(Int(stepUpWindow)) s, found it asking for another: nothing opens until the window has passed")
        }
    }

    /// Sends `request` to the resource with the sign-in's token through the client's transport:
    /// signed in first, a 401 `invalid_token` renewed once (``OAuthSession/data(for:)``), a 403
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

    /// Signs in with `scopes` instead of the ones the resource names (an app that knows what it
    /// will ask for), through the user agent if ``interaction`` allows, or with an ID-JAG for an
    /// enterprise identity; the sign-in is kept as any other.
    public func signIn(scopes: [String]) async throws(OAuthError) {
        try await signIn(scopes: scopes, acrValues: [], maxAge: nil, replacing: nil)
    }

    /// Signs in with `scopes` through the user agent, if ``interaction`` allows; with
    /// `acrValues` or `maxAge` (an RFC 9470 challenge), the new sign-in must meet them before
    /// it is kept. A step-up names the scopes of the sign-in it would replace: a new grant
    /// without all of them is refused (``OAuthError/Kind/stepUpNarrowed``) and the stronger
    /// sign-in stays.
    func signIn(scopes: [String], acrValues: [String], maxAge: Int?, replacing kept: [String]?) async throws(OAuthError) {
        if case .enterprise(let enterprise) = identity {
            try await signIn(with: enterprise, scopes: scopes, acrValues: acrValues, maxAge: maxAge, replacing: kept)
            return
        }
        guard interaction == .allowed else {
            throw OAuthError(.interactionRequired, "expected to sign in to \(resource.absoluteString) with the scopes \(scopes.joined(separator: " ")), found interaction not allowed (ProtectedResourceSession.interaction is .never)")
        }
        let session = try await oauthSession()
        let signIn = try await session.client.signIn(with: userAgent, redirectURI: redirectURI, scopes: scopes.map { ScopeValue(rawValue: $0) },
                                                     parameters: AuthorizationParameters(maxAge: maxAge, acrValues: acrValues.map(AnyACRValue.init(rawValue:))))
        if let problem = StepUp.authenticationProblem(acr: signIn.authenticationContextClass?.rawValue, hasIDToken: signIn.idToken != nil,
                                                      acrValues: acrValues) {
            throw OAuthError(.insufficientAuthentication, problem)
        }
        try await keep(signIn, in: session, asked: scopes, replacing: kept)
    }

    /// Keeps a new sign-in made with `asked`, unless it would replace one holding scopes it lacks
    /// (``OAuthError/Kind/stepUpNarrowed``): a step-up never trades a stronger sign-in for a weaker.
    private func keep(_ signIn: SignIn<DiscoveredProvider>, in session: OAuthSession<DiscoveredProvider>, asked: [String],
                      replacing kept: [String]?) async throws(OAuthError) {
        let lost = StepUp.scopesLost(keeping: kept ?? [], granted: signIn.tokens.scopes, asked: asked)
        if !lost.isEmpty {
            // Dropped, the new grant would stay live at the server with nobody to use or end it:
            // revoked, best effort (RFC 7009 §2.1: revoking the refresh token ends the grant's
            // access tokens too, where the server supports it).
            if session.client.configuration.endpoints.revocation != nil {
                if let refresh = signIn.tokens.refreshToken {
                    try? await session.client.sendRevocation(refresh, hint: .refreshToken)
                } else {
                    try? await session.client.sendRevocation(signIn.tokens.accessToken, hint: .accessToken)
                }
            }
            throw OAuthError(.stepUpNarrowed, "expected the step-up's sign-in to \(resource.absoluteString) to keep the scopes the sign-in had, found it without \(lost.joined(separator: " ")): the earlier sign-in is kept")
        }
        try await session.keep(signIn)
        try await keepPendingBinding()
    }

    /// A sign-in with an ID-JAG: nothing opens, whatever ``interaction`` says, since the
    /// identity provider's sign-in is what authorizes it. What only the user can give there (a
    /// fresher or stronger authentication, RFC 9470) is asked of the app instead.
    func signIn(with enterprise: EnterpriseIdentity, scopes: [String], acrValues: [String], maxAge: Int?, replacing kept: [String]?) async throws(OAuthError) {
        guard acrValues.isEmpty, maxAge == nil else {
            throw OAuthError(.interactionRequired, "expected a sign-in at the identity provider \(enterprise.identityProvider.identityProviderIssuer) meeting \(resource.absoluteString)'s challenge (acr_values, max_age), found only its current one: sign in there again")
        }
        let session = try await oauthSession()
        let found = try await discovery()
        let signIn = try await Self.redeemIdentityAssertion(from: enterprise.identityProvider, audience: found.configuration.issuer ?? "",
                                                            resource: found.resource.identifier, scopes: scopes, client: session.client)
        countRedemption()
        try await keep(signIn, in: session, asked: scopes, replacing: kept)
    }

    private func countRedemption() {
        identityAssertionsRedeemed += 1
    }

}
