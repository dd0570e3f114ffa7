import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// What a resource session knows of the server discovery landed on: the resource and server
/// found, the catalog entry applied, the sign-in method as that server wants it, the registrar
/// for it, and once made the runtime session. One value the session replaces whole (or drops,
/// to discover again), so no part of it is reset behind another's back.
struct ServerVisit: Sendable {
    /// Tells this visit from the one that may replace it while a registration is awaited.
    let id = UUID()
    /// The resource and its authorization server, with the catalog entry's quirks applied.
    let found: DiscoveredResource
    /// The catalog entry naming the server; `nil` for one the catalog does not name.
    let appliedQuirks: ServerQuirkEntry?
    /// The session's sign-in method at this server (its loopback host as the entry wants it).
    let method: any ResourceSignInMethod
    /// The registrar for `method` at this server.
    let registrar: ResourceClientRegistrar
    /// Whether the server's metadata was read from the server, not from a kept registration: a
    /// registration then keeps it with today's date.
    let metadataReadNow: Bool
    /// The runtime session holding the sign-in, once made.
    var session: OAuthSession<DiscoveredProvider>?
    /// A pre-registered client's first binding to this server, kept once a sign-in here
    /// succeeded: dropped with the visit, so it never binds the client to a server it left.
    var pendingBinding: ResourceClientRegistrar.PendingBinding?
}
