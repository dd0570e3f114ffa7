import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// One way to come by a client registration (``ResourceClient``), called by the session's
/// `ResourceClientRegistrar` with the store and the server it found.
protocol RegistrationStrategy: Sendable, CustomStringConvertible {
    /// The registration for `found`'s server, from the store or made now.
    func registration(
        for found: DiscoveredResource, serverMetadataReadNow: Bool, by registrar: ResourceClientRegistrar
    ) async throws(OAuthError) -> ResourceClientRegistrar.Registered

    /// Where the registration with `issuer` for `resource` is kept; `nil` where none is.
    func storeKey(issuer: String, resource: String, redirect: URL) -> String?

    /// Whether a registration would be made at `found`'s server now (RFC 7591): what the
    /// first sign-in lock guards.
    func registersNow(
        for found: DiscoveredResource, by registrar: ResourceClientRegistrar
    ) async throws(OAuthError)
        -> Bool

    /// Whether it registers a client at run time: refused up front at a server whose catalog
    /// entry says it registers no one.
    var registersAtRunTime: Bool { get }

    /// Whether the redirect URIs are the registration's own (a metadata document lists them):
    /// then a server's loopback host is not applied.
    var fixesRedirectURIs: Bool { get }

    /// `options` for a client with this registration.
    func clientOptions(_ options: ClientOptions) -> ClientOptions
}

extension RegistrationStrategy {
    func registersNow(
        for found: DiscoveredResource, by registrar: ResourceClientRegistrar
    ) async throws(OAuthError)
        -> Bool
    { false }
    var registersAtRunTime: Bool { false }
    var fixesRedirectURIs: Bool { false }
    func clientOptions(_ options: ClientOptions) -> ClientOptions { options }
}
