import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// How a resource session's client comes by its client ID at the resource's authorization
/// server, in the order MCP clients try them: handed to a ``ResourceSignInMethod``, which hands
/// it to the session's registrar. Each way is a type of its own behind this value.
public struct ResourceClient: Sendable, CustomStringConvertible {
    let strategy: any RegistrationStrategy

    /// A client ID registered by hand with the authorization server `issuer`. Client IDs belong
    /// to the server that issued them (the MCP authorization spec, "Authorization Server
    /// Binding"): a resource naming another server is refused, saying which, before anything is
    /// sent there. Without `issuer` (a public client, which has no secret to lose), the first
    /// server a sign-in succeeds at binds it, in a store that keeps registrations
    /// (`ClientRegistrationStore`).
    public static func preregistered(_ clientID: String, issuer: String? = nil) -> ResourceClient {
        ResourceClient(strategy: BoundClientRegistration(clientID: clientID, issuer: issuer))
    }

    /// A client registered by hand at its authorization server with a secret: bound to that
    /// server as a pre-registered client is; the secret goes to its token endpoint alone.
    public static func confidential(_ client: ConfidentialClient) -> ResourceClient {
        ResourceClient(
            strategy: BoundClientRegistration(
                clientID: client.clientID, issuer: client.issuer, clientSecret: client.clientSecret))
    }

    /// An https URL the app hosts whose Client ID Metadata Document lists the redirect URIs, at a
    /// server that says it fetches such documents.
    public static func metadataDocument(_ url: URL) -> ResourceClient {
        ResourceClient(strategy: MetadataDocumentRegistration(document: url))
    }

    /// Registered at run time (RFC 7591), once per authorization server, redirect URI and
    /// resource; kept in the store with the sign-in and reused.
    public static func dynamic(clientName: String) -> ResourceClient {
        ResourceClient(strategy: DynamicRegistrationStrategy(clientName: clientName))
    }

    /// No client ID and nothing registered: the grant's assertion is the client's only
    /// credential (a workload's JWT). `storeName` keeps its sign-ins apart from others' in the
    /// store and is never sent.
    public static func unregistered(storeName: String) -> ResourceClient {
        ResourceClient(strategy: UnregisteredClient(storeName: storeName))
    }

    /// How the client is registered, never a secret.
    public var description: String { strategy.description }
}
