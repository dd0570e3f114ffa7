// ProtectedResourceAuthorizer's documentation and ConnectingToProtectedResources.md's MCP
// snippet, compiled with this example (DocumentationSnippetsTests holds the text equal).

import Foundation
import MCP
import OAuthMCP
import OAuthRuntime

func protectedResourceAuthorizerDocumentation(serverURL: URL, path: String) throws -> HTTPClientTransport {
    // snippet: ProtectedResourceAuthorizer
    let authorizer = ProtectedResourceAuthorizer(session: ProtectedResourceSession(
        resource: serverURL, identity: .dynamic(clientName: "My Agent"),
        redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
        store: FileTokenStore(path: path), userAgent: LoopbackUserAgent()))
    let transport = HTTPClientTransport(endpoint: serverURL, authorizer: authorizer)
    // end snippet
    return transport
}
