@_spi(BuildingBlocks) import OAuthRuntime
import Foundation

extension ProtectedResourceSession {
    /// How the client comes by its client ID, in the order MCP clients try them.
    public enum ClientIdentity: Sendable, Hashable {
        /// A client ID registered by hand with the authorization server `issuer`. Client IDs
        /// belong to the server that issued them (the MCP authorization spec, "Authorization
        /// Server Binding"): a resource naming another server is refused, saying which, before
        /// anything is sent there. Without `issuer` (a public client, which has no secret to
        /// lose), the first server a sign-in succeeds at binds it, in a store that keeps
        /// registrations (`ClientRegistrationStore`); a client with a secret names its server.
        case preregistered(String, issuer: String? = nil)
        /// A client registered by hand at its authorization server with a secret, signing a
        /// user in through the user agent: bound to that server as a pre-registered client is.
        case confidential(ConfidentialClient)
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
        /// A confidential client that reaches the resource as itself, with no user: each token
        /// from the client credentials grant (MCP's OAuth client credentials extension). Bound to
        /// its authorization server as a pre-registered client is; a step-up ends in
        /// `OAuthError/Kind/stepUpUnavailable`.
        case clientCredentials(ClientCredentialsIdentity)
        /// A workload that presents its platform's JWT with the jwt-bearer grant (MCP's workload
        /// identity federation extension): no client ID, no registration; the JWT's audience
        /// binds it to its server. A step-up ends in `OAuthError/Kind/stepUpUnavailable`.
        case workload(WorkloadIdentity)
    }
}
