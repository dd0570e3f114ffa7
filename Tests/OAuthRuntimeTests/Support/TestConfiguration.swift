import Foundation
// The support shared with the resources' tests: its conformances (OAuthError: Equatable) and
// helpers serve every file of this target.
import RuntimeTestSupport
@_spi(BuildingBlocks) @testable import OAuthRuntime

/// A provider configuration for tests that do not talk to a server.
func testConfiguration(
    issuer: String = "https://id.example.com",
    kind: ProviderMetadata.Kind = .openIDConnect,
    algorithms: [String] = ["RS256"],
    issParameter: Bool = false,
    quirks: ProviderQuirks = ProviderQuirks(),
    issuerTemplate: IssuerTemplate? = nil
) -> ProviderConfiguration {
    ProviderConfiguration(
        issuer: issuer,
        issuerTemplate: issuerTemplate,
        endpoints: ProviderEndpoints(
            authorization: URL(string: "https://id.example.com/authorize?policy=b2c_1")!,
            token: URL(string: "https://id.example.com/token")!,
            revocation: URL(string: "https://id.example.com/revoke")!,
            userinfo: URL(string: "https://id.example.com/userinfo")!,
            endSession: URL(string: "https://id.example.com/logout")!,
            jwks: URL(string: "https://id.example.com/jwks")!),
        metadata: ProviderMetadata(
            kind: kind, idTokenSigningAlgorithms: algorithms, authorizationResponseIssParameterSupported: issParameter),
        quirks: quirks,
        client: ClientRegistration(
            clientID: "client-1", redirectURIs: [URL(string: "com.example.app:/cb")!],
            defaultScopes: ["openid", "email"]))
}

extension URL {
    /// Query parameters by name (the last of each).
    var queryParameters: [String: String] {
        var result: [String: String] = [:]
        for item in URLComponents(url: self, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
            result[item.name] = item.value ?? ""
        }
        return result
    }
}
