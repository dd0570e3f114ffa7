import Foundation

/// Names a request's endpoint by its role, for a metric dimension and a span attribute: the
/// provider's endpoints by name, any `/.well-known/` document as `metadata`, anything else as
/// `resource`. Bounded whatever URLs the runtime meets.
package enum EndpointRole {
    /// The role of `url` among `endpoints`.
    package static func name(of url: URL, among endpoints: ProviderEndpoints) -> String {
        let named: [(String, URL?)] = [
            ("token", endpoints.token), ("jwks", endpoints.jwks), ("revocation", endpoints.revocation),
            ("userinfo", endpoints.userinfo), ("pushed_authorization", endpoints.pushedAuthorizationRequest),
            ("device_authorization", endpoints.deviceAuthorization), ("registration", endpoints.registration),
            ("end_session", endpoints.endSession),
        ]
        for case let (name, endpoint?) in named where sameResource(endpoint, url) { return name }
        return name(of: url)
    }

    /// The role of `url` when no provider is known yet (discovery, registration by URL).
    package static func name(of url: URL) -> String {
        url.path.contains("/.well-known/") ? "metadata" : "resource"
    }

    private static func sameResource(_ endpoint: URL, _ url: URL) -> Bool {
        endpoint.scheme == url.scheme && endpoint.host == url.host && endpoint.port == url.port
            && endpoint.path == url.path
    }
}
