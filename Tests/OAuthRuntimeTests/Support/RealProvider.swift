import Foundation
import TestSupport
@_spi(BuildingBlocks) @testable import OAuthRuntime

/// Runtime API calls against the django-oauth-toolkit instance.
enum RealProvider {
    static func configuration() async throws -> ProviderConfiguration {
        let provider = try DjangoProvider.instance()
        let transport = URLSessionTransport()
        let issuer = URL(string: provider.issuer)!
        let discovery = try await transport.send(
            HTTPRequest(method: "GET", url: ProviderConfiguration.openIDConfigurationURL(forIssuer: issuer)))
        var configuration = try ProviderConfiguration(
            discoveryDocument: discovery.body, expectedIssuer: provider.issuer)
        let metadata = try await transport.send(
            HTTPRequest(method: "GET", url: ProviderConfiguration.authorizationServerMetadataURL(forIssuer: issuer)!))
        configuration.merge(authorizationServerMetadata: metadata.body)
        return configuration
    }

    static func client(noConsent: Bool = true) async throws -> OAuthClient<DiscoveredProvider> {
        let provider = try DjangoProvider.instance()
        return try OAuthClient<DiscoveredProvider>(
            configuration: try await configuration(),
            options: ClientOptions(
                clientID: noConsent ? provider.noConsentClientID : provider.clientID, allowInsecureLoopback: true))
    }

    /// A sign-in through the callback API: the headless browser stops at the app's redirect (a
    /// private-use or claimed https URI, as the OS would hand it to the app) and prints it.
    static func signIn(
        _ client: OAuthClient<DiscoveredProvider>, redirect: String, scopes: [String] = ["openid", "profile", "email"],
        username: String = "alice"
    ) async throws -> (SignIn<DiscoveredProvider>, callback: URL) {
        let provider = try DjangoProvider.instance()
        let request = try await client.authorizationRequest(
            redirectURI: URL(string: redirect)!, scopes: scopes.map(ScopeValue.init(rawValue:)))
        let run = try await DjangoProvider.runDetached(
            provider.python, [provider.driver, "--username", username, request.url.absoluteString])
        guard run.status == 0, let callback = URL(string: run.output.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw DjangoProvider.Unavailable(description: "the login driver failed: \(run.output)")
        }
        return (try await client.finishAuthorization(callback: callback, pending: request.pending), callback)
    }
}
