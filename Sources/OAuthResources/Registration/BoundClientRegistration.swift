import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// A client registered by hand (pre-registered, confidential, client credentials, enterprise):
/// bound to `issuer`, or to the server it first signed in at, and kept with that server's
/// metadata.
///
/// A binding by use is kept only once a sign-in there succeeded (`Registered/pendingBinding`):
/// a server a hostile resource named, where the user never finished signing in, must not become
/// the client's home and lock the real one out.
struct BoundClientRegistration: RegistrationStrategy {
    let clientID: String
    let issuer: String?
    /// A confidential client's secret: given at each run, sent to the token endpoint alone,
    /// never kept.
    var clientSecret: String?

    func registration(
        for found: DiscoveredResource, serverMetadataReadNow: Bool, by registrar: ResourceClientRegistrar
    ) async throws(OAuthError) -> ResourceClientRegistrar.Registered {
        let issuer = found.configuration.issuer ?? ""
        let key = ResourceClientRegistrar.preregisteredKey(clientID: clientID)
        let stored = try await registrar.storedRegistration(key: key)
        if let bound = self.issuer ?? stored?.issuer, bound != issuer {
            throw OAuthError(
                .invalidConfiguration,
                "expected the resource \(registrar.resource.absoluteString) to name the authorization server \(bound), where client \"\(clientID)\" is"
                    + " registered, found it names \(issuer): a client ID belongs to the server that issued it; register the app at \(issuer)"
                    + " and use that client ID, or remove the server's stored sign-in")
        }
        var record = ClientRegistrationRecord(issuer: issuer, clientID: clientID, method: .preregistered)
        record.authorizationServer = found.configuration
        record.authorizationServerReadAt = serverMetadataReadNow ? registrar.now() : stored?.authorizationServerReadAt
        var pending: ResourceClientRegistrar.PendingBinding?
        if registrar.registrations != nil, stored != record {
            if stored == nil {
                pending = ResourceClientRegistrar.PendingBinding(record: record, key: key)
            } else {
                try await registrar.keep(ResourceClientRegistrar.PendingBinding(record: record, key: key))
            }
        }
        record.authorizationServer = nil
        record.authorizationServerReadAt = nil
        record.clientSecret = clientSecret
        return ResourceClientRegistrar.Registered(record: record, reused: stored != nil, pendingBinding: pending)
    }

    func storeKey(issuer: String, resource: String, redirect: URL) -> String? {
        ResourceClientRegistrar.preregisteredKey(clientID: clientID)
    }

    var description: String {
        "client \(clientID)\(issuer.map { " at \($0)" } ?? "")\(clientSecret == nil ? "" : " with a secret")"
    }
}
