import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// The device grant (RFC 8628) for a resource: the code shown through the app's presenter, the
// token endpoint polled until the user approves on another device. The first sign-in runs under
// the store's first sign-in lock, so processes sharing a store show one code and poll once.
extension ProtectedResourceSession {
    /// A sign-in with the device grant for `scopes`, bound to the resource (RFC 8707: the device
    /// authorization request and every poll name it). An RFC 9470 challenge cannot be met so:
    /// the device authorization request has no `acr_values` or `max_age` (RFC 8628 §3.1).
    func deviceSignIn(
        scopes: [String], acrValues: [String], maxAge: Int?, presenter: any DeviceCodePresenter
    ) async throws(OAuthError) -> SignIn<DiscoveredProvider> {
        guard acrValues.isEmpty, maxAge == nil else {
            throw OAuthError(
                .stepUpUnavailable,
                "expected a browser sign-in for \(resource.absoluteString)'s challenge (acr_values, max_age), found the device grant, whose request cannot carry them (RFC 8628 §3.1)"
            )
        }
        let client = try await oauthSession().client
        let authorization = try await client.startDeviceAuthorization(scopes: scopes, now: Date())
        try await presenter.present(authorization)
        return try await client.pollDeviceAuthorization(authorization, clock: ContinuousClock())
    }
}
