// EnterpriseManagedAuthorization.md's Swift snippets, and those of ClientKey's and
// TokenExchangeRequest's documentation, compiled (see README.swift).

import Foundation
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
