// SigningInOnAppleDevices.md's Swift snippets, and those of the SwiftUI types' documentation,
// compiled (see README.swift). Apple platforms only: Scripts/typecheck-apple.sh checks them
// against the iOS and macOS SDKs.

import Foundation
import OAuthRuntime
#if canImport(SwiftUI)
import SwiftUI
#endif
#if canImport(UIKit)
import UIKit
#endif

#if canImport(SwiftUI) && canImport(AuthenticationServices)
/// The article's button, and SwiftUIWebAuthenticationUserAgent's.
@available(iOS 16.4, macOS 13.3, *)
enum ArticleSignInButton {
    // snippet: SigningInOnAppleDevices.md, SwiftUIWebAuthenticationUserAgent
    struct SignInButton: View {
        @Environment(\.webAuthenticationSession) private var webAuthenticationSession
        let session: OAuthSession<Google>

        var body: some View {
            Button("Sign in") {
                let agent = SwiftUIWebAuthenticationUserAgent(webAuthenticationSession)
                Task { try await session.signIn(with: agent) }
            }
        }
    }
    // end snippet
}
#endif

#if canImport(SwiftUI) && canImport(Security)
/// ObservableSession's and BuildVerifiedProvider's views: a property initializer, so the factory
/// must not throw.
/// The app's store: a property initializer can use only what is global or static.
private let store = KeychainTokenStore(service: "com.example.app")

// @MainActor: ObservableSession is. The iOS 18 SDK declares every View so; with the iOS 17 SDK the
// app says it.
@available(iOS 17, macOS 14, *)
@MainActor
struct SessionModelAccountView: View {
    struct SignInButton: View {
        let reason: SignOutReason?
        var body: some View { Text(reason == nil ? "Sign in" : "Sign in again") }
    }

    // snippet: ObservableSession
    @State private var account = ObservableSession(session: Google.session(store: store))

    var body: some View {
        if let signIn = account.signIn { Text(signIn.claims.email ?? "signed in") }
        else { SignInButton(reason: account.signOutReason) }
    }
    // end snippet
}

@available(iOS 17, macOS 14, *)
@MainActor
struct BuildVerifiedAccountView: View {
    // snippet: BuildVerifiedProvider
    @State private var account = ObservableSession(session: Google.session(store: KeychainTokenStore(service: "com.example.app")))
    // end snippet

    var body: some View { Text(account.signIn?.claims.email ?? "signed out") }
}
#endif

#if canImport(UIKit) && canImport(AuthenticationServices)
@MainActor
func signingInFromAWindow(session: OAuthSession<Google>, viewController: UIViewController) async throws {
    // snippet: SigningInOnAppleDevices.md
    let signIn = try await session.signIn(with: WebAuthenticationSessionUserAgent())
    // or from a window of your choosing:
    let agent = WebAuthenticationSessionUserAgent(anchor: { viewController.view.window! })
    // end snippet
    _ = (signIn, agent)
}

@MainActor
func signingInInTheBackground(session: OAuthSession<Google>) async throws {
    // snippet: SigningInOnAppleDevices.md
    let task = UIApplication.shared.beginBackgroundTask(withName: "oauth refresh")
    defer { UIApplication.shared.endBackgroundTask(task) }
    _ = try await session.validAccessToken()
    // end snippet
}
#endif

#if canImport(Security)
func signingInWithTheKeychain() {
    // snippet: SigningInOnAppleDevices.md
    let store = KeychainTokenStore(service: "com.example.app.google")
    let session = Google.session(store: store)
    // end snippet
    _ = session
}

func signingInAfterALockedLaunch(session: OAuthSession<Google>, showUnlockPrompt: () -> Void) async throws {
    var account: SignIn<Google>?
    // snippet: SigningInOnAppleDevices.md
    do {
        account = try await session.currentSignIn()
    } catch OAuthError.Kind.storageUnavailable {
        showUnlockPrompt()     // not "signed out"
    }
    // end snippet
    _ = account
}

func signingInAfterAReinstall(session: OAuthSession<Google>) async {
    // snippet: SigningInOnAppleDevices.md
    if !UserDefaults.standard.bool(forKey: "launchedBefore") {
        _ = try? await session.signOut()
        UserDefaults.standard.set(true, forKey: "launchedBefore")
    }
    // end snippet
}

func sharingWithAnExtension(prefix: String) {
    // snippet: SigningInOnAppleDevices.md
    let store = KeychainTokenStore(service: "com.example.app.google", accessGroup: prefix + "com.example.shared")
    // end snippet
    _ = store
}

func sharingWithCoordination(prefix: String) {
    // snippet: SigningInOnAppleDevices.md
    guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.shared") else {
        fatalError("not entitled to group.com.example.shared")   // the build checks this, see step 4
    }
    let store = KeychainTokenStore(service: "com.example.app.google", accessGroup: prefix + "com.example.shared",
                                   coordinationFile: container.appendingPathComponent("google.lock"))
    // end snippet
    _ = store
}
#endif
