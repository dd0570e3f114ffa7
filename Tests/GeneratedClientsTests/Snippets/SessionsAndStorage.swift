// SessionsAndStorage.md's, HandlingErrors.md's and TheDeviceGrant.md's Swift snippets, and those
// of the runtime types' documentation, compiled (see README.swift).

import Foundation
import OAuthRuntime

#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
func sessionsWithAFile(path: String) async throws {
    // snippet: SessionsAndStorage.md
    let session = Google.session(store: FileTokenStore(path: path))
    try await session.signIn(with: LoopbackUserAgent())
    let token = try await session.validAccessToken()     // refreshed first when it is about to expire
    try await session.signOut()                           // forgets, and revokes (RFC 7009)
    // end snippet
    _ = token
}

func generatedProviderDocumentation(path: String) async throws {
    // snippet: the generated provider's documentation (Templates/ProviderClient.mustache)
    let session = Google.session(store: FileTokenStore(path: path))
    try await session.signIn(with: LoopbackUserAgent())
    // end snippet
}

func oauthClientDocumentation() async throws {
    // snippet: OAuthClient
    let client = Google.client()
    let signIn = try await client.signIn(with: LoopbackUserAgent(), scopes: [.openid, .email])
    print(signIn.claims.email ?? signIn.claims.sub)
    // end snippet
}

func signInDocumentation() async throws {
    // snippet: SignIn
    let signIn = try await Google.client().signIn(with: LoopbackUserAgent())
    print(signIn.claims.email ?? signIn.claims.sub)
    // end snippet
}
#endif

func sessionsPerAccount(path: String) async throws {
    // snippet: SessionsAndStorage.md
    let store = FileTokenStore(path: path)
    for account in store.accounts() {
        let session = Google.session(store: store.forAccount(account))
        if let signIn = try await session.currentSignIn() { print(account, signIn.claims.sub) }
    }
    // end snippet
}

func handlingErrors(
    session: OAuthSession<Google>, agent: some ExternalUserAgent, loadTimeline: () async throws -> Void,
    showOffline: (URLError?) -> Void
) async throws {
    // snippet: HandlingErrors.md
    do {
        try await session.signIn(with: agent)
        try await loadTimeline()                 // throws its own errors
    } catch OAuthError.Kind.cancelled {
        // the user closed the sheet: nothing to report
    } catch OAuthError.Kind.storageUnavailable {
        // the Keychain is locked (before the first unlock): try again when the app is active
    } catch let error as OAuthError where error.kind == .network {
        showOffline(error.underlyingError as? URLError)
    }
    // end snippet
}

func oauthErrorDocumentation(
    client: OAuthClient<Google>, agent: some ExternalUserAgent, saveProfile: (SignIn<Google>) throws -> Void,
    showOffline: () -> Void
) async throws {
    // snippet: OAuthError
    do {
        let signIn = try await client.signIn(with: agent)
        try saveProfile(signIn)          // throws something else
    } catch OAuthError.Kind.cancelled {
        // the user closed the browser, or the task was cancelled
    } catch let error as OAuthError where error.kind == .network {
        if (error.underlyingError as? URLError)?.code == .notConnectedToInternet { showOffline() }
    }
    // end snippet
}

/// What `logger` is in OAuthError.userMessage's snippet: an `os.Logger` in an app.
struct SnippetLogger {
    func error(_ message: String) { _ = message }
}

func userMessageDocumentation(session: OAuthSession<Google>, agent: some ExternalUserAgent, logger: SnippetLogger) async throws {
    var alertMessage = ""
    // snippet: OAuthError.userMessage
    do {
        try await session.signIn(with: agent)   // throws only OAuthError: so is `error`
    } catch {
        logger.error("\(error.description)")     // for you
        alertMessage = error.userMessage         // for them
    }
    // end snippet
    _ = alertMessage
}

func sessionStatesDocumentation(session: OAuthSession<Google>, showSignIn: () -> Void) async {
    // snippet: OAuthSession.states()
    for await state in await session.states() {
        if case .signedOut(.grantRevoked) = state { showSignIn() }
    }
    // end snippet
}

func authorizationParametersDocumentation(client: OAuthClient<Google>, agent: some ExternalUserAgent) async throws {
    // snippet: AuthorizationParameters
    let signIn = try await client.signIn(with: agent, parameters: .init(prompt: [.selectAccount], loginHint: "ada@example.com"))
    // end snippet
    _ = signIn
}

func acrValueDocumentation(client: OAuthClient<DjangoOAuthToolkit>, agent: some ExternalUserAgent) async throws {
    // snippet: OAuthACRValue
    let signIn = try await client.signIn(with: agent, parameters: .init(acrValues: [.mfa]))
    let usedSecondFactor = signIn.authenticationContextClass == .mfa
    // end snippet
    _ = usedSecondFactor
}

func theDeviceGrant() async throws {
    func show(_ userCode: String, _ verificationURI: URL, qrCode: URL?) {}
    // snippet: TheDeviceGrant.md
    let client = Google.client()
    let device = try await client.authorizeDevice(scopes: [.email])
    show(device.userCode, device.verificationURI, qrCode: device.verificationURIComplete)
    let signIn = try await client.signIn(with: device)   // polls: interval, slow_down (+5 s), expiry, cancellation
    // end snippet
    _ = signIn
}

func deviceGrantDocumentation(session: OAuthSession<Google>, show: (String, URL) -> Void) async throws {
    // snippet: OAuthClient.authorizeDevice(scopes:)
    let device = try await session.client.authorizeDevice(scopes: [.email])
    show(device.userCode, device.verificationURI)
    try await session.signIn(with: device)
    // end snippet
}

/// GeneratedProvider's documentation names a provider on the developer's machine.
typealias LocalProvider = DjangoOAuthToolkit

#if canImport(Security)
func generatedProviderFactories() {
    // snippet: GeneratedProvider
    let session = Google.session(store: KeychainTokenStore(service: "com.example.app"))
    let local = LocalProvider.client()   // its quirk file says loopbackDevelopmentServer
    // end snippet
    _ = (session, local)
}
#endif
