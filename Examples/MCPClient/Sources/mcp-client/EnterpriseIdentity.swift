import ArgumentParser
import Foundation
import OAuthRuntime

extension MCPClientCommand {
    /// The app's sign-in at the identity provider `issuer` (from `store` when it holds one, else
    /// through the browser, once), as the identity an MCP server's authorization server accepts
    /// ID-JAGs from.
    func enterpriseIdentity(_ issuer: String, userAgent: LoopbackUserAgent, store: FileTokenStore?) async throws -> EnterpriseIdentity {
        guard let identityClientID, let clientID, clientSecret != nil || clientKey != nil,
              let issuerURL = URL(string: issuer), issuerURL.host != nil else {
            throw ValidationError("expected --identity-client-id, and --client-id with --client-secret or --client-key, for the identity provider \(issuer)")
        }
        let transport = URLSessionTransport(timeout: timeout)
        let document = try await transport.send(HTTPRequest(method: "GET", url: ProviderConfiguration.openIDConfigurationURL(forIssuer: issuerURL)))
        let configuration = try ProviderConfiguration(discoveryDocument: document.body, expectedIssuer: issuer)
        let client = try OAuthClient<DiscoveredProvider>(configuration: configuration, options: ClientOptions(
            clientID: identityClientID, clientSecret: identityClientSecret, transport: transport, allowInsecureLoopback: allowInsecureLoopback))
        let account = "identity provider \(issuer) as \(identityClientID)"
        let session = OAuthSession(client: client, store: store.map { $0.forAccount(account) as any TokenStore } ?? MemoryTokenStore())
        if try await session.currentSignIn() == nil {
            try await session.signIn(with: userAgent, redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
                                     scopes: [ScopeValue(rawValue: "openid")])
        }
        let key = try clientKey.map { try ClientKey(contentsOf: URL(fileURLWithPath: $0)) }
        return EnterpriseIdentity(identityProvider: session, clientID: clientID, clientSecret: clientSecret, clientKey: key)
    }
}
