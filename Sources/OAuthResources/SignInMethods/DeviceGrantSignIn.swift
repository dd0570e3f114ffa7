import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// A person signs in on another device with the device authorization grant (RFC 8628): for an
/// agent in an SSH session, a container or a CI job, with no browser on its machine. The code is
/// shown through ``presenter``, then the token endpoint is polled (honouring `interval` and
/// `slow_down`) until the user approves. The device authorization request and every poll name
/// the resource (RFC 8707); a dynamic registration asks for the grant and has no redirect URI.
public struct DeviceGrantSignIn: ResourceSignInMethod {
    /// How the client comes by its client ID.
    public let client: ResourceClient
    /// What shows the user the code.
    public let presenter: any DeviceCodePresenter

    /// Signs in with the device grant as the client `client` says, showing the code through
    /// `presenter`.
    public init(client: ResourceClient, presenter: any DeviceCodePresenter) {
        self.client = client
        self.presenter = presenter
    }

    /// The device grant.
    public var grant: ResourceGrant { .deviceCode }
    /// A person signs in, on another device.
    public var involvesPerson: Bool { true }

    /// A device sign-in for `demand`'s scopes: the code shown, then polled for.
    public func signIn(
        for demand: SignInDemand, in context: ResourceSignInContext
    ) async throws(OAuthError)
        -> SignIn<DiscoveredProvider>
    {
        try requireStepUp(demand, resource: context.resource)
        let authorization = try await context.client.startDeviceAuthorization(
            scopes: demand.scopes, now: context.now())
        try await presenter.present(authorization)
        return try await context.client.pollDeviceAuthorization(authorization, clock: ContinuousClock())
    }

    /// Refuses an RFC 9470 challenge: the device authorization request cannot carry `acr_values`
    /// or `max_age` (RFC 8628 §3.1). More scopes are asked for with another code.
    public func requireStepUp(_ demand: SignInDemand, resource: URL) throws(OAuthError) {
        guard !demand.asksForAuthentication else {
            throw OAuthError(
                .stepUpUnavailable,
                "expected a browser sign-in for \(resource.absoluteString)'s challenge (acr_values, max_age), found the device grant, whose request cannot carry them (RFC 8628 §3.1)"
            )
        }
    }

    /// The client; never a secret.
    public var description: String { "device grant sign-in (\(client))" }
}
