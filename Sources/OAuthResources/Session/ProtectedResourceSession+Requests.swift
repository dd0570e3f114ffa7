import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) import OAuthRuntime

// A request to the resource: inside its boundary, signed in first (once for every process on the
// store), renewed and stepped up as its refusals ask.
extension ProtectedResourceSession {
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
        if let session = visit?.session, try await session.currentSignIn() != nil { return session }
        // A store holding the registration and a sign-in needs no lock: processes that start
        // together go to the resource at once, not in turns for discovery (issue 53).
        if visit?.session == nil, try await !currentVisit().registrar.registersNow(for: discovery()) {
            let session = try await oauthSession()
            if try await session.currentSignIn() != nil { return session }
        }
        let lock = try await firstSignInLock()
        defer { lock?.release() }
        let session = try await oauthSession()
        if try await session.currentSignIn() == nil {
            let wanted: [String]
            if let scopes { wanted = scopes } else { wanted = try await discovery().scopes }
            try await signIn(SignInDemand(scopes: wanted), replacing: nil)
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
        try ResourceBoundary.require(url, within: [resource] + (visit.map { [$0.found.resource.identifier] } ?? []))
    }
}
