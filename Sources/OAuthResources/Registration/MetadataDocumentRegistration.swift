import Foundation
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

/// A client whose ID is its metadata document: portable across servers, the document being the
/// app's wherever it signs in, at a server that says it fetches such documents. Nothing is kept.
struct MetadataDocumentRegistration: RegistrationStrategy {
    let document: URL

    func registration(
        for found: DiscoveredResource, serverMetadataReadNow: Bool, by registrar: ResourceClientRegistrar
    ) async throws(OAuthError) -> ResourceClientRegistrar.Registered {
        try EndpointPolicy.requireSecure(
            document, name: "client ID metadata document", allowInsecureLoopback: registrar.allowInsecureLoopback)
        if let refusal = ResourceDiscoveryPlan.metadataDocumentRefusal(
            supported: found.clientIDMetadataDocumentSupported)
        {
            throw OAuthError.invalidConfiguration(refusal)
        }
        let record = ClientRegistrationRecord(
            issuer: found.configuration.issuer ?? "", clientID: document.absoluteString, method: .metadataDocument,
            redirectURIs: registrar.registeredRedirectURIs)
        return ResourceClientRegistrar.Registered(record: record, reused: false)
    }

    func storeKey(issuer: String, resource: String, redirect: URL) -> String? { nil }

    var fixesRedirectURIs: Bool { true }

    var description: String { "client metadata document \(document.absoluteString)" }
}
