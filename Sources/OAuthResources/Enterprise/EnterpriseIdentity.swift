import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// A client of an MCP server's authorization server that signs in with the company's identity
/// provider instead of a browser (enterprise-managed authorization): each sign-in, and each
/// renewal when the access token expires, is an ID-JAG from ``identityProvider`` redeemed with
/// the JWT bearer grant (RFC 7523 §2.1), authenticated as this client.
///
/// The client is registered at one authorization server (``issuer``): a resource that names
/// another is refused, saying which, as for a pre-registered client. Its secret or key never
/// appears in a description.
public struct EnterpriseIdentity: Sendable, Hashable, CustomStringConvertible {
    /// What issues ID-JAGs: the app's sign-in at the identity provider.
    public let identityProvider: any IdentityAssertionIssuer
    /// The client ID at the MCP server's authorization server (the ID-JAG's `client_id`).
    public let clientID: String
    /// The authorization server the client is registered at (its issuer, exactly): the client's
    /// secret or key, and the ID-JAGs, go to this server only, never to one a resource names
    /// first (the MCP authorization spec, "Authorization Server Binding"). `nil` only for a client
    /// known by its metadata document (``clientMetadataDocument``), which is the app's at every
    /// server.
    public let issuer: String?
    /// The https URL of the app's Client ID Metadata Document, when that is the client ID: the
    /// extension's way for a client not registered at the server (§5), which fetches the document
    /// and the keys it lists.
    public let clientMetadataDocument: URL?
    /// A secret, for an authorization server that authenticates the client so.
    let clientSecret: String?
    /// A key, for `private_key_jwt`.
    let clientKey: ClientKey?

    /// An identity; give `clientSecret` or `clientKey` as the authorization server `issuer`
    /// authenticates the client (the MCP extension requires a confidential client).
    public init(
        identityProvider: any IdentityAssertionIssuer, clientID: String, issuer: String, clientSecret: String? = nil,
        clientKey: ClientKey? = nil
    ) {
        self.identityProvider = identityProvider
        self.clientID = clientID
        self.issuer = issuer
        self.clientMetadataDocument = nil
        self.clientSecret = clientSecret
        self.clientKey = clientKey
    }

    /// An identity whose client ID is the URL of the app's Client ID Metadata Document
    /// (enterprise-managed authorization §5: a client not registered at the MCP server's
    /// authorization server), authenticated with `clientKey` (`private_key_jwt`, its public key in
    /// the document) or, without one, not at all. Any server that accepts metadata documents
    /// (`client_id_metadata_document_supported`) may be used.
    public init(identityProvider: any IdentityAssertionIssuer, clientMetadataDocument: URL, clientKey: ClientKey? = nil)
    {
        self.identityProvider = identityProvider
        self.clientID = clientMetadataDocument.absoluteString
        self.issuer = nil
        self.clientMetadataDocument = clientMetadataDocument
        self.clientSecret = nil
        self.clientKey = clientKey
    }

    /// Equal when they name the same identity provider, client, server and credentials.
    public static func == (lhs: EnterpriseIdentity, rhs: EnterpriseIdentity) -> Bool {
        lhs.identityProvider.identityProviderIssuer == rhs.identityProvider.identityProviderIssuer
            && lhs.clientID == rhs.clientID
            && lhs.issuer == rhs.issuer && lhs.clientSecret == rhs.clientSecret && lhs.clientKey == rhs.clientKey
    }

    /// Hashes what `==` compares, but the secret.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identityProvider.identityProviderIssuer)
        hasher.combine(clientID)
        hasher.combine(issuer)
        hasher.combine(clientKey)
    }

    /// The identity provider, client and server; never the secret or key.
    public var description: String {
        "EnterpriseIdentity(identityProvider: \(identityProvider.identityProviderIssuer), clientID: \(clientID)\(issuer.map { ", issuer: \($0)" } ?? "")"
            + "\(clientSecret == nil ? "" : ", secret: <redacted>")\(clientKey.map { ", key: \($0)" } ?? ""))"
    }
}

extension EnterpriseIdentity: CustomReflectable {
    /// Its description only: reflection never shows the secret.
    public var customMirror: Mirror { .redacted(self) }
}
