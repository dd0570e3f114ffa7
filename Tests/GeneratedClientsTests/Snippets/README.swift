// The README's Swift snippets, compiled: each region between `// snippet:` and `// end snippet`
// is a block of the README, character for character (DocumentationSnippetsTests holds them
// equal). What a snippet uses without defining comes in as a parameter.

import Foundation
import OAuthRuntime

#if canImport(AuthenticationServices) && canImport(Security)
@MainActor
func readmeAtAGlance() async throws {
    // snippet: README.md
    let session = Google.session(store: KeychainTokenStore(service: "com.example.app"))
    try await session.signIn(with: WebAuthenticationSessionUserAgent(), scopes: [.openid, .email])
    let email = try await session.currentSignIn()?.claims.email   // Google.Claims: no string, cast or map
    let token = try await session.validAccessToken()             // refreshed once, however many callers wait
    // end snippet
    _ = (email, token)
}

@MainActor
func readmeSignIn() async {
    // snippet: README.md, after its `import OAuthRuntime`
    let session = Google.session(store: KeychainTokenStore(service: "com.example.app"))
    do {
        let signIn = try await session.signIn(with: WebAuthenticationSessionUserAgent(), scopes: [.openid, .email])
        print("signed in as \(signIn.claims.email ?? signIn.claims.sub)")
    } catch OAuthError.Kind.cancelled {
        // the user closed the sheet
    } catch {
        print(error)    // says what was expected and what was found; never a token
    }
    // end snippet
}

@MainActor
func overviewAtAGlance() async throws {
    // snippet: OAuthRuntime.md
    let session = Google.session(store: KeychainTokenStore(service: "com.example.app"))
    try await session.signIn(with: WebAuthenticationSessionUserAgent(), scopes: [.openid, .email])
    let email = try await session.currentSignIn()?.claims.email
    let token = try await session.validAccessToken()
    // end snippet
    _ = (email, token)
}
#endif
