import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// A protected resource and its authorization server, learnt at run time from the resource
/// itself: the path an MCP client takes to a server nobody pinned at build time.
public struct DiscoveredResource: Sendable, Hashable {
    /// The resource's checked metadata.
    public var resource: ProtectedResource
    /// The authorization server's configuration, its issuer checked, with `ProviderConfiguration/resource`
    /// set to the resource's identifier so every request binds the token to it (RFC 8707).
    public var configuration: ProviderConfiguration
    /// The scopes to ask for: the 401's `scope` (RFC 6750 §3) where it named some, else the
    /// resource's `scopes_supported`, else none (the server's default); `offline_access` added
    /// where the authorization server lists it, and only there (SEP-2207).
    public var scopes: [String]
    /// Whether the authorization server accepts an https URL the app hosts as its client ID
    /// (`client_id_metadata_document_supported`, OAuth Client ID Metadata Document).
    public var clientIDMetadataDocumentSupported: Bool
}
