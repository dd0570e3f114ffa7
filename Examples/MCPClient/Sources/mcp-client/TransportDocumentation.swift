// OAuthAsyncHTTPClient.md's snippet, compiled with this example where the module is built
// (Linux; DocumentationSnippetsTests holds the text equal).

#if canImport(OAuthAsyncHTTPClient)
import Foundation
import OAuthAsyncHTTPClient
import OAuthResources
import OAuthRuntime

func asyncHTTPClientTransportDocumentation(serverURL: URL, path: String) throws -> ProtectedResourceSession {
    // snippet: AsyncHTTPClientTransport
    let session = ProtectedResourceSession(
        resource: serverURL,
        signIn: BrowserSignIn(
            client: .dynamic(clientName: "My Agent"),
            redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
            userAgent: LoopbackUserAgent()),
        store: FileTokenStore(path: path),
        options: ClientOptions(transport: AsyncHTTPClientTransport()))
    // end snippet
    return session
}
#endif
