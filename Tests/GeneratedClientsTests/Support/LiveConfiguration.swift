import Foundation
import OAuthRuntime

extension ProviderConfiguration {
    /// The generated configuration of a provider pinned at port 8000, moved to the issuer the
    /// provider runs as in this test run (a fresh port each time); everything else as generated.
    func live(issuer: String) -> ProviderConfiguration {
        var configuration = self
        configuration.issuer = issuer
        let port = URLComponents(string: issuer)?.port
        func moved(_ url: URL) -> URL {
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
            components.port = port
            return components.url!
        }
        let endpoints = configuration.endpoints
        configuration.endpoints = ProviderEndpoints(
            authorization: endpoints.authorization.map(moved), token: moved(endpoints.token),
            revocation: endpoints.revocation.map(moved),
            userinfo: endpoints.userinfo.map(moved), endSession: endpoints.endSession.map(moved),
            jwks: endpoints.jwks.map(moved),
            pushedAuthorizationRequest: endpoints.pushedAuthorizationRequest.map(moved),
            deviceAuthorization: endpoints.deviceAuthorization.map(moved))
        return configuration
    }
}
