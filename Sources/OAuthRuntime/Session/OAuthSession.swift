import Foundation

/// A signed-in user's tokens, kept fresh.
///
/// However many tasks call `validAccessToken()` when the access token expires, one refresh
/// request is made and all of them get its result: providers that rotate refresh tokens reject
/// the second use of the old one, which would sign the user out. The rotated refresh token is
/// stored before any caller sees the new access token.
public actor OAuthSession {
    public let client: OAuthClient
    private let store: any TokenStore
    private let refreshLeeway: TimeInterval
    private let now: @Sendable () -> Date
    private var current: SignIn?
    private var loaded = false
    private var refreshing: Task<SignIn, any Error>?
    /// Refresh requests made by this session (diagnostics and tests).
    public private(set) var refreshCount = 0

    /// - Parameter refreshLeeway: refresh this many seconds before the access token expires.
    public init(client: OAuthClient, store: any TokenStore = MemoryTokenStore(), refreshLeeway: TimeInterval = 60,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        self.store = store
        self.refreshLeeway = refreshLeeway
        self.now = now
    }

    /// Stores a completed sign-in.
    public func signedIn(_ signIn: SignIn) async throws {
        try await store.save(signIn)
        current = signIn
        loaded = true
    }

    /// The stored sign-in, if any.
    public func currentSignIn() async -> SignIn? {
        if !loaded {
            current = await store.load()
            loaded = true
        }
        return current
    }

    /// An access token that is not about to expire, refreshing it first if needed.
    public func validAccessToken() async throws(OAuthError) -> String {
        guard let signIn = await currentSignIn() else { throw OAuthError.notSignedIn }
        if !signIn.tokens.isExpired(at: now(), leeway: refreshLeeway) { return signIn.tokens.accessToken }
        return try await refreshed().tokens.accessToken
    }

    /// Refreshes now (or joins the refresh under way) and returns the new sign-in.
    public func refreshed() async throws(OAuthError) -> SignIn {
        let task: Task<SignIn, any Error>
        if let refreshing {
            task = refreshing
        } else {
            guard let signIn = await currentSignIn() else { throw OAuthError.notSignedIn }
            refreshCount += 1
            task = Task { [client, store, now] in
                let renewed = try await client.refresh(signIn, now: now())
                try await store.save(renewed)
                return renewed
            }
            refreshing = task
        }
        do {
            let renewed = try await task.value
            if refreshing == task { refreshing = nil }
            current = renewed
            return renewed
        } catch {
            if refreshing == task { refreshing = nil }
            if case OAuthError.tokenEndpointError(let protocolError, _) = error, protocolError.code == "invalid_grant" {
                try? await store.clear()
                current = nil
                throw OAuthError.signedOut
            }
            throw (error as? OAuthError) ?? OAuthError.transport(error.localizedDescription)
        }
    }

    /// Revokes the refresh token (or the access token, if there is none) and forgets the tokens.
    /// The tokens are forgotten even if revocation fails; the error is returned for the caller to show.
    @discardableResult
    public func signOut() async -> OAuthError? {
        let signIn = await currentSignIn()
        var failure: OAuthError?
        if let signIn, client.configuration.endpoints.revocation != nil {
            do {
                if let refreshToken = signIn.tokens.refreshToken {
                    try await client.revoke(refreshToken, hint: .refreshToken)
                } else {
                    try await client.revoke(signIn.tokens.accessToken, hint: .accessToken)
                }
            } catch {
                failure = error
            }
        }
        try? await store.clear()
        current = nil
        return failure
    }
}
