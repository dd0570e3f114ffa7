import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// No client ID and nothing registered (a workload's JWT is its only credential): a name for the
/// store alone, never sent (`ClientOptions.anonymous`); the assertion's audience binds it to its
/// server.
struct UnregisteredClient: RegistrationStrategy {
    let storeName: String

    func registration(
        for found: DiscoveredResource, serverMetadataReadNow: Bool, by registrar: ResourceClientRegistrar
    ) async throws(OAuthError) -> ResourceClientRegistrar.Registered {
        let record = ClientRegistrationRecord(
            issuer: found.configuration.issuer ?? "", clientID: storeName, method: .preregistered)
        return ResourceClientRegistrar.Registered(record: record, reused: false)
    }

    func storeKey(issuer: String, resource: String, redirect: URL) -> String? { nil }

    func clientOptions(_ options: ClientOptions) -> ClientOptions {
        var options = options
        options.anonymous = true
        return options
    }

    var description: String { "no registration (\(storeName))" }
}
