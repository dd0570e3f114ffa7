// GettingStarted.md's Swift snippets, compiled (see README.swift).

// snippet: GettingStarted.md, Linux
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// end snippet
import Foundation
import OAuthRuntime

#if canImport(AuthenticationServices)
@MainActor
func gettingStartedOnApplePlatforms() async throws {
    // snippet: GettingStarted.md
    let signIn = try await Google.client().signIn(with: WebAuthenticationSessionUserAgent(), scopes: [.openid, .email])
    print(signIn.claims.email ?? signIn.claims.sub)
    // end snippet
}
#endif

#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
func gettingStartedOnTheDesktop() async throws {
    // snippet: GettingStarted.md
    let signIn = try await Google.client().signIn(with: LoopbackUserAgent(), scopes: [.openid, .email])
    // end snippet
    _ = signIn
}
#endif

func gettingStartedSession(home: String, agent: some ExternalUserAgent) async throws {
    // snippet: GettingStarted.md
    #if canImport(Security)
    let store = KeychainTokenStore(service: "com.example.app")            // the Keychain, this device only
    #else
    let store = FileTokenStore(path: "\(home)/.config/myapp/google.json")  // a file only this user can read
    #endif
    let session = Google.session(store: store)

    try await session.signIn(with: agent)
    let token = try await session.validAccessToken()
    let profile = try await session.userInfo()   // Google.UserInfo, its sub checked
    try await session.signOut()                  // forgets, and revokes at the provider
    // end snippet
    _ = (token, profile)
}

func gettingStartedCatchForms(
    session: OAuthSession<Google>, agent: some ExternalUserAgent, saveProfile: () async throws -> Void,
    showOffline: (URLError.Code?) -> Void, show: (String?) -> Void
) async throws {
    // snippet: GettingStarted.md
    do {
        try await session.signIn(with: agent)
        try await saveProfile()                  // throws something else: still fine
    } catch OAuthError.Kind.cancelled {
        // the user closed the browser
    } catch let error as OAuthError where error.kind == .network {
        showOffline((error.underlyingError as? URLError)?.code)
    } catch let error as OAuthError where error.kind == .authorizationFailed {
        show(error.protocolError?.code)   // e.g. access_denied
    }
    // end snippet
}

func gettingStartedBackendExchange(appSession: String, agent: some ExternalUserAgent) async throws {
    // snippet: GettingStarted.md
    let exchange = try BackendCodeExchange(url: URL(string: "https://api.example.com/oauth/exchange")!,
                                           headers: ["Authorization": "Bearer \(appSession)"])
    let signIn = try await Google.client(options: ClientOptions(codeExchange: exchange)).signIn(with: agent)
    // end snippet
    _ = signIn
}

func gettingStartedDiscoveredProvider(data: Data, issuer: String) throws {
    // snippet: GettingStarted.md, and DiscoveredProvider's documentation
    let configuration = try ProviderConfiguration(discoveryDocument: data, expectedIssuer: issuer)
    let client = try OAuthClient<DiscoveredProvider>(configuration: configuration, options: ClientOptions(clientID: "my-app"))
    // end snippet
    _ = client
}

func clientOptionsDocumentation(exchange: some CodeExchange) throws {
    // snippet: ClientOptions
    let client = try Google.client(options: ClientOptions(codeExchange: exchange, clockSkew: 60))
    // end snippet
    _ = client
}
