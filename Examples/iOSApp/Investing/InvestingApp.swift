import OAuthRuntime
import SwiftUI

/// The bank's investing app: one of a family of apps sharing a sign-in (OpenID Connect Native
/// SSO). At launch it signs in from the family's sign-in, with no browser, when another app of the
/// family has signed in; otherwise, or when the provider refuses the family's, through the browser
/// like any app, and the sign-in it gets is then the family's for the others.
@main
@MainActor  // what the iOS 18 SDK declares `App` to be; the iOS 17 SDK does not yet
struct InvestingApp: App {
    @State private var status = "Not signed in"

    var body: some Scene {
        WindowGroup {
            VStack(spacing: 16) {
                Text(status)
                Button("Sign in") { Task { await signIn(browser: true) } }
            }
            .task { await signIn(browser: false) }
        }
    }

    /// The family's sign-in first; the browser only when `browser` is asked for.
    private func signIn(browser: Bool) async {
        do {
            let family = AppFamily(store: KeychainFamilySignInStore(accessGroup: Bank.familyKeychainAccessGroup))
            let client = try Bank.client(options: ClientOptions(family: family))
            let session = try Bank.session(
                store: KeychainTokenStore(service: "com.example.oauthgen.investing"), client: client)
            if try await session.currentSignIn() == nil {
                if await client.familySignInAvailable() {
                    try await session.keep(try await client.signInFromFamily())
                } else if browser {
                    try await session.signIn(with: WebAuthenticationSessionUserAgent())
                }
            }
            if let signIn = try await session.currentSignIn() {
                status = "Signed in as \(signIn.claims.sub)"
            }
        } catch {
            // deviceSecretRefused, familyIDTokenRefused, notInFamily: this app signs in on its own
            // (the button); the message says so.
            status = error.userMessage
        }
    }
}
