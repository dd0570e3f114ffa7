import OAuthRuntime
import SwiftUI
import UIKit

/// Sign in with Google (a private-use scheme redirect, registered in Info.plist), show the typed
/// claims, call an API with a valid access token, sign out; the widget shows the same sign-in.
@main
@MainActor  // what the iOS 18 SDK declares `App` to be; the iOS 17 SDK does not yet
struct ExampleApp: App {
    @StateObject private var account = AccountModel()

    var body: some Scene {
        WindowGroup {
            AccountView(account: account)
                .task { await account.reload() }
                // A prewarmed launch may have found the Keychain locked: read again once it opens.
                .onReceive(
                    NotificationCenter.default.publisher(for: UIApplication.protectedDataDidBecomeAvailableNotification)
                ) { _ in
                    Task { await account.reload() }
                }
        }
    }
}
