import Foundation
import OAuthRuntime

// Usage:
//   signin google|github|entra                 sign in through the system browser (loopback redirect)
//   signin google|github|entra --print-url     print the authorization URL and stop
//   signin ... --browser-command CMD           open the URL with CMD instead of the system browser

/// The generated clients (see the provider files beside this file), by name.
let providers: [String: ProviderConfiguration] = [
    "google": Google.configuration,
    "github": GitHub.configuration,
    "entra": MicrosoftEntra.configuration,
]

var arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let configuration = providers[name] else {
    FileHandle.standardError.write(Data("usage: signin \(providers.keys.sorted().joined(separator: "|")) [--print-url] [--browser-command CMD]\n".utf8))
    exit(64)
}
let printOnly = arguments.contains("--print-url")
let browserCommand = arguments.firstIndex(of: "--browser-command").flatMap { arguments.indices.contains($0 + 1) ? [arguments[$0 + 1]] : nil }

do {
    let client = try OAuthClient(configuration: configuration)
    // Typed scopes from the generated client; any other scope string works too.
    let scopes: [String] = switch name {
    case "google": [Google.Scope.openid, .email, .authDriveFile].map(\.rawValue)
    case "github": [GitHub.Scope.readUser, .userEmail].map(\.rawValue)
    default: configuration.client.defaultScopes
    }
    if printOnly {
        let redirect = configuration.client.redirectURIs.first { $0.scheme == "http" } ?? configuration.client.redirectURIs[0]
        print(try client.authorizationRequest(redirectURI: redirect, scopes: scopes).url.absoluteString)
        exit(0)
    }
    let signIn = try await client.signIn(with: LoopbackUserAgent(browserCommand: browserCommand), scopes: scopes)
    if name == "google", let idToken = signIn.idToken {
        let claims = try idToken.claims(as: Google.Claims.self)
        print("signed in as \(claims.email ?? claims.sub)")
    } else {
        print("signed in to \(name); access token expires \(signIn.tokens.expiresAt.map { "\($0)" } ?? "never")")
    }
} catch let error as OAuthError {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
