import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// A client registered at run time (RFC 7591), once per server, redirect URI and resource; kept
/// at once, so a sign-in that fails or is cancelled does not cost another registration.
struct DynamicRegistrationStrategy: RegistrationStrategy {
    let clientName: String

    func registration(
        for found: DiscoveredResource, serverMetadataReadNow: Bool, by registrar: ResourceClientRegistrar
    ) async throws(OAuthError) -> ResourceClientRegistrar.Registered {
        let issuer = found.configuration.issuer ?? ""
        let key = ResourceClientRegistrar.dynamicKey(
            issuer: issuer, redirectURI: registrar.keyRedirect, resource: found.resource.identifier.absoluteString)
        let redirects = registrar.registeredRedirectURIs
        var registration: ClientRegistrationRecord
        var reused = true
        if let kept = try await registrar.storedRegistration(key: key),
            kept.fits(issuer: issuer, redirectURIs: redirects), !kept.secretExpired(at: registrar.now())
        {
            registration = kept
        } else if let legacy = try await registrar.storedSignIn()?.registration,
            !registrar.usesDeviceGrant, legacy.fits(issuer: issuer, redirectURIs: redirects),
            legacy.tokenEndpointAuthMethod == nil
        {
            // A sign-in stored before registrations were kept apart carries its registration.
            registration = legacy
        } else {
            registration = try await DynamicClientRegistration.register(
                with: found.configuration, redirectURIs: registrar.redirectURI.map { [$0] } ?? [],
                clientName: clientName, scopes: found.scopes, deviceGrant: registrar.usesDeviceGrant,
                transport: registrar.transport, allowInsecureLoopback: registrar.allowInsecureLoopback)
            reused = false
        }
        // Kept when new, or when the server's metadata it carries changed.
        if registrar.registrations != nil,
            !reused || registration.authorizationServer != found.configuration || serverMetadataReadNow
        {
            registration.authorizationServer = found.configuration
            if serverMetadataReadNow || registration.authorizationServerReadAt == nil {
                registration.authorizationServerReadAt = registrar.now()
            }
            try await registrar.keep(ResourceClientRegistrar.PendingBinding(record: registration, key: key))
        }
        // The sign-in's record carries the registration without the server's metadata.
        registration.authorizationServer = nil
        registration.authorizationServerReadAt = nil
        return ResourceClientRegistrar.Registered(record: registration, reused: reused)
    }

    func storeKey(issuer: String, resource: String, redirect: URL) -> String? {
        ResourceClientRegistrar.dynamicKey(issuer: issuer, redirectURI: redirect, resource: resource)
    }

    /// Whether no kept registration fits `found`'s server.
    func registersNow(
        for found: DiscoveredResource, by registrar: ResourceClientRegistrar
    ) async throws(OAuthError)
        -> Bool
    {
        let issuer = found.configuration.issuer ?? ""
        let key = ResourceClientRegistrar.dynamicKey(
            issuer: issuer, redirectURI: registrar.keyRedirect, resource: found.resource.identifier.absoluteString)
        guard let kept = try await registrar.storedRegistration(key: key) else { return true }
        return !kept.fits(issuer: issuer, redirectURIs: registrar.registeredRedirectURIs)
            || kept.secretExpired(at: registrar.now())
    }

    var registersAtRunTime: Bool { true }

    var description: String { "dynamic registration as \"\(clientName)\"" }
}
