import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// Forgetting a resource: from what the store holds, never by discovering or signing in.
extension ProtectedResourceSession {
    /// Forgets this resource in the store: every sign-in kept for it (at any server, as any client)
    /// is revoked at the server its entry names and forgotten, and every client registered for it
    /// at run time is deleted there (RFC 7592 §2.3) and forgotten. What the app calls when the user
    /// removes the MCP server or API; another resource's sign-ins and registrations stay.
    ///
    /// It works from what the store holds (issue 45, G4): nothing is discovered, registered or
    /// signed in to remove a server, so a server that is gone or moved is forgotten all the same.
    /// The network is asked as a courtesy: what it answers changes nothing here. A store that
    /// cannot list its accounts (a custom `TokenStore`) forgets this session's own sign-in.
    public func removeServer() async throws(OAuthError) {
        let identifiers = Set(
            [visit?.found.resource.identifier.absoluteString, resource.absoluteString].compactMap { $0 })
        let registrar = registrar
        let made = visit?.session
        visit = nil
        if await !registrar.forget(resources: identifiers) {
            _ = try? await made?.signOut()
        }
    }

    /// Forgets `resource` (its identifier) in `store` from what the store holds, as
    /// ``removeServer()`` does, for a tool that has no session for it: `oauthgen-login --forget`.
    @_spi(BuildingBlocks)
    public static func forget(
        resource: String, in store: any AccountTokenStore, redirectURIs: [URL],
        transport: any HTTPTransport = URLSessionTransport(),
        allowInsecureLoopback: Bool = false
    ) async -> StoredResourceEntries.Outcome {
        await StoredResourceEntries.forget(
            resource: resource, in: store, accounts: (try? await store.accounts()) ?? [], redirectURIs: redirectURIs,
            transport: transport, allowInsecureLoopback: allowInsecureLoopback)
    }
}
