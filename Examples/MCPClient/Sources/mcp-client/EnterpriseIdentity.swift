import ArgumentParser
import Foundation
import OAuthResources
import OAuthRuntime

extension MCPClientCommand {
    /// The app's session at the identity provider `issuer` (signed in from `store` when it holds a
    /// sign-in; else `run()` signs in once the server has been checked), as the identity an MCP
    /// server's authorization server accepts ID-JAGs from.
    func enterpriseIdentity(_ issuer: String, store: (any AccountTokenStore)?) async throws -> EnterpriseIdentity {
        let clientSecret = try secrets.serverSecret()
        guard let identityClientID, let clientID, let authorizationServer, clientSecret != nil || clientKey != nil,
            let issuerURL = URL(string: issuer), issuerURL.host != nil
        else {
            throw ValidationError(
                "expected --identity-client-id, and --client-id with --authorization-server and a client secret or --client-key, for the identity provider \(issuer)"
            )
        }
        let transport = makeTransport()
        let document = try await transport.send(
            HTTPRequest(method: "GET", url: ProviderConfiguration.openIDConfigurationURL(forIssuer: issuerURL)))
        let configuration = try ProviderConfiguration(discoveryDocument: document.body, expectedIssuer: issuer)
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration,
            options: ClientOptions(
                clientID: identityClientID, clientSecret: try secrets.identitySecret(), transport: transport,
                allowInsecureLoopback: allowInsecureLoopback))
        let account = "identity provider \(issuer) as \(identityClientID)"
        let session = OAuthSession(
            client: client, store: store.map { $0.forAccount(account) as any TokenStore } ?? MemoryTokenStore())
        let key = try clientKey.map { try ClientKey(contentsOf: URL(fileURLWithPath: $0), keyID: clientKeyID) }
        return EnterpriseIdentity(
            identityProvider: session, clientID: clientID, issuer: authorizationServer, clientSecret: clientSecret,
            clientKey: key)
    }
}
