import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// What a ``ResourceSignInMethod`` signs in with: the client made for the resource's
/// authorization server (its registration and the method's credentials), and what discovery
/// found.
public struct ResourceSignInContext: Sendable {
    /// The client at the resource's authorization server; every token request names the resource
    /// (RFC 8707).
    public let client: OAuthClient<DiscoveredProvider>
    /// The resource and its authorization server, as discovered.
    public let found: DiscoveredResource
    /// The resource's URL, as the app calls it (for messages).
    public let resource: URL
    /// The session's clock (``ResourceSessionPolicy/now``).
    public let now: @Sendable () -> Date

    /// A context; the session makes one for each sign-in.
    public init(
        client: OAuthClient<DiscoveredProvider>, found: DiscoveredResource, resource: URL,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.client = client
        self.found = found
        self.resource = resource
        self.now = now
    }

    /// The authorization server's issuer.
    public var issuer: String { found.configuration.issuer ?? "" }

    /// A fresh DPoP key for a new sign-in where the client binds its tokens (RFC 9449); `nil`
    /// where it does not.
    public func dpopKey() throws(OAuthError) -> DPoPSigningKey? {
        client.usesDPoP ? try client.dpopKeyStorage.makeKey() : nil
    }
}
