// ConnectingToProtectedResources.md's Swift snippets, and ProtectedResourceSession's and
// BrowserSignIn's documentation, compiled (see README.swift).

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthResources
import OAuthRuntime

#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
func protectedResourceSessionDocumentation(path: String, toolsURL: URL) async throws {
    // snippet: ProtectedResourceSession
    let session = ProtectedResourceSession(
        resource: URL(string: "https://mcp.example.com/mcp")!,
        signIn: BrowserSignIn(
            client: .dynamic(clientName: "My App"),
            redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
            userAgent: LoopbackUserAgent()),
        store: FileTokenStore(path: path))
    let (data, response) = try await session.data(for: URLRequest(url: toolsURL))
    // end snippet
    _ = (data, response)
}

func browserSignInDocumentation() throws -> BrowserSignIn {
    // snippet: BrowserSignIn
    let signIn = BrowserSignIn(
        client: .dynamic(clientName: "My App"),
        redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
        userAgent: LoopbackUserAgent())
    // end snippet
    return signIn
}

func protectedResourceBackground(session: ProtectedResourceSession, request: URLRequest) async throws {
    // snippet: ConnectingToProtectedResources.md, background work
    await session.setInteraction(.never)
    do {
        let (data, _) = try await session.data(for: request)
        print(data.count)
    } catch OAuthError.Kind.interactionRequired {
        // Ask the user next time the app is in front; nothing was opened.
    }
    // end snippet
}
#endif

func generatedResourceClient() throws {
    // snippet: ConnectingToProtectedResources.md, a generated client
    let registration = ClientRegistrationRecord(issuer: "http://127.0.0.1:8010/o", clientID: "registered-at-run-time", method: .dynamic)
    let client = try Api.client(options: ClientOptions(registration: registration))
    print(Api.Resource.identifier, client.clientID)
    // end snippet
}
