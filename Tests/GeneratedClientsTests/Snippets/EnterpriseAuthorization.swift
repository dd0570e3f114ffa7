// EnterpriseManagedAuthorization.md's Swift snippets, and those of ClientKey's and
// TokenExchangeRequest's documentation, compiled (see README.swift).

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthResources
import OAuthRuntime

func clientKeyDocumentation(configuration: ProviderConfiguration) throws {
    // snippet: ClientKey
    let key = try ClientKey(contentsOf: URL(fileURLWithPath: "/etc/agent/client-key.pem"), keyID: "2026-11")
    let client = try OAuthClient(configuration: configuration, options: ClientOptions(clientID: "agent", clientKey: key))
    // end snippet
    _ = client
}

func tokenExchangeRequestDocumentation(client: OAuthClient<DiscoveredProvider>, idToken: String) async throws {
    // snippet: TokenExchangeRequest
    let request = TokenExchangeRequest(subjectToken: idToken, subjectTokenType: .idToken, requestedTokenType: .idJAG,
                                       audience: ["https://auth.mcp.example"], resources: [URL(string: "https://mcp.example/mcp")!])
    let exchanged = try await client.exchangeToken(request)
    // end snippet
    _ = exchanged
}

#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
func enterpriseResourceSession(store: FileTokenStore, corporateKey: ClientKey, agentKey: ClientKey, toolsURL: URL) async throws {
    // snippet: EnterpriseManagedAuthorization.md, a resource session
    let corporate = OAuthSession(client: try Corp.client(options: ClientOptions(clientKey: corporateKey)), store: store.forAccount("corp"))
    if try await corporate.currentSignIn() == nil { try await corporate.signIn(with: LoopbackUserAgent()) }
    let identity = EnterpriseIdentity(identityProvider: corporate, clientID: "mcp-agent", issuer: "https://auth.mcp.example.com", clientKey: agentKey)
    let session = ProtectedResourceSession(
        resource: URL(string: "https://mcp.example.com/mcp")!,
        signIn: identity,
        store: store)
    let (data, response) = try await session.data(for: URLRequest(url: toolsURL))
    // end snippet
    _ = (data, response)
}
#endif
