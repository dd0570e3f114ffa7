// Calls Google's userinfo through the client swift-openapi-generator makes from openapi.yaml, with
// the session's token added by OAuthMiddleware. The regions between `// snippet:` and
// `// end snippet` are CallingAPIsThroughOpenAPIClients.md's and the middleware's documented
// snippets, character for character (DocumentationSnippetsTests holds them equal).
//
// Run without a sign-in (the session keeps it in memory), it shows what the article says the app
// sees: `profile` -> the session's `notSignedIn` out of OpenAPIRuntime's ClientError;
// `profile --another-server` -> `resourceNotAllowed`, the token kept from a server the middleware
// was not made for.
import Foundation
import OAuthOpenAPIMiddleware
import OAuthRuntime
import OpenAPIRuntime

func fetchProfile(session: OAuthSession<Google>) async throws -> Components.Schemas.UserInfo {
    // snippet: CallingAPIsThroughOpenAPIClients.md, after its imports
    // snippet: OAuthMiddleware, RedirectRefusingTransport
    let server = try Servers.Server1.url()
    let client = Client(serverURL: server, transport: RedirectRefusingTransport(),
                        middlewares: [OAuthMiddleware(session: session, serverURL: server)])
    // end snippet
    let me = try await client.getMe()
    // end snippet
    return try me.ok.body.json
}

func showProfile(_ profile: Components.Schemas.UserInfo) {
    print("signed in as \(profile.email ?? profile.sub)")
}

func showSignIn() { print("not signed in: sign in first") }

func showOffline() { print("offline") }

func report(_ error: any Error) { print("failed: \(error)") }

func showProfile(client: Client) async throws {
    // snippet: CallingAPIsThroughOpenAPIClients.md
    do {
        let me = try await client.getMe()
        showProfile(try me.ok.body.json)
    } catch let error as ClientError {
        switch (error.underlyingError as? OAuthError)?.kind {
        case .signedOut?, .notSignedIn?: showSignIn()          // the grant ended: sign in again
        case .network?: showOffline()
        default: report(error.underlyingError)                 // says what was expected and found
        }
    }
    // end snippet
}

let session = Google.session()
let server = try Servers.Server1.url()
// `--another-server`: the client sends to a server the middleware was not made for.
let base = CommandLine.arguments.contains("--another-server") ? URL(string: "https://api.example.com")! : server
let client = Client(serverURL: base, transport: RedirectRefusingTransport(),
                    middlewares: [OAuthMiddleware(session: session, serverURL: server)])
try await showProfile(client: client)
_ = fetchProfile
