import Foundation

/// Everything a client needs to know about one authorization server, fixed at build time.
///
/// oauthgen generates one of these per provider from the pinned discovery document and the
/// provider's quirk file; apps may also build one by hand.
public struct ProviderConfiguration: Sendable, Hashable, Codable {
    /// The issuer identifier exactly as the provider states it (OIDC Discovery §4.3, RFC 8414 §3.3).
    /// Compared byte for byte, never normalized. `nil` for OAuth-only providers that publish no metadata.
    public var issuer: String?
    /// Placeholders in `issuer` that are resolved at run time (Microsoft Entra's `{tenantid}`).
    public var issuerTemplate: IssuerTemplate?
    /// The endpoints the runtime talks to.
    public var endpoints: ProviderEndpoints
    /// What the provider advertises it supports.
    public var metadata: ProviderMetadata
    /// How this provider deviates from the standards.
    public var quirks: ProviderQuirks
    /// The app's registration with this provider.
    public var client: ClientRegistration
    /// The protected resource the tokens are for (RFC 8707): its identifier, as its RFC 9728
    /// metadata states it, sent as `resource` on the authorization request and on every token
    /// request (code exchange, refresh, device grant), so the authorization server binds the
    /// token to it. `nil` sends none.
    public var resource: URL?

    /// A configuration from its parts; generated providers make theirs from pinned metadata.
    public init(
        issuer: String?,
        issuerTemplate: IssuerTemplate? = nil,
        endpoints: ProviderEndpoints,
        metadata: ProviderMetadata,
        quirks: ProviderQuirks = ProviderQuirks(),
        client: ClientRegistration,
        resource: URL? = nil
    ) {
        self.issuer = issuer
        self.issuerTemplate = issuerTemplate
        self.endpoints = endpoints
        self.metadata = metadata
        self.quirks = quirks
        self.client = client
        self.resource = resource
    }
}
