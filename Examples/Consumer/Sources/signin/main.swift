import Foundation
import OAuthRuntime

// Usage:
//   signin google|github|entra                 sign in through the system browser (loopback redirect)
//   signin google|github|entra --print-url     print the authorization URL and stop
//   signin ... --browser-command CMD           open the URL with CMD instead of the system browser
//
// Google, GitHub and MicrosoftEntra are generated at build time from the provider files beside
// this one: their scopes, claims, userinfo and redirect URIs are types, so nothing here is a
// string the compiler cannot check.

let arguments = Array(CommandLine.arguments.dropFirst())
let printOnly = arguments.contains("--print-url")
let browserCommand = arguments.firstIndex(of: "--browser-command").flatMap {
    arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
}
// Split as a shell splits a simple command, as every oauthgen tool reads --browser-command.
let agent = try LoopbackUserAgent(browserCommandLine: browserCommand)

/// Prints the authorization URL for the provider's loopback redirect, as the sign-in would open it.
func printAuthorizationURL<Provider: GeneratedProvider>(
    _ client: OAuthClient<Provider>, on redirect: Provider.RedirectURI, scopes: [Provider.Scope]
) async throws {
    print(
        try await client.authorizationRequest(redirectURI: redirect.registered.url, scopes: scopes).url.absoluteString)
}

/// One sign-in per provider, each with its own typed scopes and result.
let providers: [String: () async throws -> Void] = [
    "google": {
        let client = Google.client()
        let scopes: [Google.Scope] = [.openid, .email, .authDriveFile]
        if printOnly { return try await printAuthorizationURL(client, on: .loopback, scopes: scopes) }
        let signIn = try await client.signIn(with: agent, scopes: scopes, parameters: .init(prompt: [.selectAccount]))
        print("signed in as \(signIn.claims.email ?? signIn.claims.sub)")
    },
    "github": {
        let session = GitHub.session()
        let scopes: [GitHub.Scope] = [.readUser, .userEmail]
        if printOnly { return try await printAuthorizationURL(session.client, on: .loopback, scopes: scopes) }
        try await session.signIn(with: agent, scopes: scopes)
        let user = try await session.userInfo()
        print("signed in to GitHub as \(user.login ?? "an unnamed user")")
    },
    "entra": {
        let client = MicrosoftEntra.client()
        if printOnly { return try await printAuthorizationURL(client, on: .loopback, scopes: [.openid, .profile]) }
        let signIn = try await client.signIn(with: agent, redirectURI: .loopback)
        print("signed in to tenant \(signIn.claims.tid ?? "unknown") as \(signIn.claims.sub)")
    },
]

guard let name = arguments.first, let run = providers[name] else {
    FileHandle.standardError.write(
        Data(
            "usage: signin \(providers.keys.sorted().joined(separator: "|")) [--print-url] [--browser-command CMD]\n"
                .utf8))
    exit(64)
}
do {
    try await run()
} catch let error as OAuthError where error.kind == .cancelled {
    FileHandle.standardError.write(Data("sign-in cancelled\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
