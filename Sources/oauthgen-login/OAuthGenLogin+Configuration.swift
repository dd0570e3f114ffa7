import ArgumentParser
import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// The provider: its configuration fetched or read, and the loopback URIs the options give.
extension OAuthGenLogin {
    func loadConfiguration(transport: any HTTPTransport) async throws(OAuthError) -> ProviderConfiguration {
        switch (signInOptions.issuer, signInOptions.discovery) {
        case (let issuer?, nil):
            return try await loadConfiguration(
                issuer: issuer, transport: transport, needsRevocation: signInOptions.revoke)
        case (nil, let file?):
            guard let data = FileManager.default.contents(atPath: file) else {
                throw OAuthError(.invalidConfiguration, "expected a readable discovery document at \(file), found none")
            }
            return try ProviderConfiguration(discoveryDocument: data)
        default:
            throw OAuthError(.invalidConfiguration, "expected exactly one of --issuer and --discovery")
        }
    }

    /// The provider at `issuer`, from its discovery document.
    func loadConfiguration(
        issuer: String?, transport: any HTTPTransport, needsRevocation: Bool
    ) async throws(OAuthError) -> ProviderConfiguration {
        guard let issuer else {
            throw OAuthError(.invalidConfiguration, "expected an issuer to fetch the metadata of, found none")
        }
        guard let issuerURL = URL(string: issuer), issuerURL.host != nil else {
            throw OAuthError(.invalidConfiguration, "expected --issuer to be an absolute URL, found \"\(issuer)\"")
        }
        let documentURL = ProviderConfiguration.openIDConfigurationURL(forIssuer: issuerURL)
        // The issuer is checked before anything is fetched from it.
        try EndpointPolicy.requireSecure(issuerURL, name: "issuer", allowInsecureLoopback: allowInsecureLoopback)
        let response = try await transport.send(
            HTTPRequest(method: "GET", url: documentURL, headers: ["Accept": "application/json"]),
            to: "discovery document")
        guard response.status == 200 else {
            throw OAuthError(
                .invalidDiscoveryDocument,
                "expected the discovery document at \(documentURL.absoluteString), found HTTP \(response.status)")
        }
        var configuration = try ProviderConfiguration(discoveryDocument: response.body, expectedIssuer: issuer)
        // Only --revoke and --device need what the RFC 8414 document may add (django-oauth-toolkit
        // lists its revocation endpoint only there); nothing else is fetched that is not used.
        let missing =
            (needsRevocation && configuration.endpoints.revocation == nil)
            || (signInOptions.device && configuration.endpoints.deviceAuthorization == nil)
        if missing, let metadataURL = ProviderConfiguration.authorizationServerMetadataURL(forIssuer: issuerURL),
            let metadata = try? await transport.send(
                HTTPRequest(method: "GET", url: metadataURL, headers: ["Accept": "application/json"]),
                to: "authorization-server metadata"),
            metadata.status == 200
        {
            configuration.merge(authorizationServerMetadata: metadata.body)
        }
        return configuration
    }

    /// `text` as a loopback redirect, classified as the build and the runtime classify it.
    func loopbackURI(_ text: String, option: String) throws(OAuthError) -> RegisteredRedirectURI {
        guard let url = URL(string: text) else {
            throw OAuthError(
                .invalidConfiguration,
                "expected \(option) to be a loopback URI such as http://127.0.0.1/callback (RFC 8252 §7.3), found \(text)"
            )
        }
        let redirect = try RegisteredRedirectURI(url)
        guard redirect.kind == .loopback else {
            throw OAuthError(
                .invalidConfiguration,
                "expected \(option) to be a loopback URI such as http://127.0.0.1/callback (RFC 8252 §7.3), found a \(redirect.kind): \(text)"
            )
        }
        if let port = url.port {
            throw OAuthError(
                .invalidConfiguration,
                "expected \(option) without a port: the listener takes an ephemeral one (RFC 8252 §7.3), found port \(port)"
            )
        }
        return redirect
    }
}
