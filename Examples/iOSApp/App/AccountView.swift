import AuthenticationServices
import OAuthRuntime
import SwiftUI

struct AccountView: View {
    @ObservedObject var account: AccountModel

    var body: some View {
        VStack(spacing: 16) {
            switch account.state {
            case .unknown:
                ProgressView()
            case .signedOut:
                SignInButton(account: account)
            case .signedIn(let name, let email):
                Text(name ?? "Signed in").font(.title2)
                if let email { Text(email).foregroundStyle(.secondary) }
                Button("Call the API") { Task { await account.callAPI() } }
                Button("Sign out", role: .destructive) { Task { await account.signOut() } }
            case .locked:
                Text("Unlock your device to continue.")
            case .failed(let message):
                Text(message).foregroundStyle(.red)
                SignInButton(account: account)
            }
            if let result = account.apiResult { Text(result).font(.footnote) }
        }
        .padding()
    }
}

/// SwiftUI's own web authentication action where the OS has it (iOS 16.4), the UIKit agent
/// presenting from the key window before that.
struct SignInButton: View {
    @ObservedObject var account: AccountModel

    var body: some View {
        if #available(iOS 16.4, *) {
            ModernSignInButton(account: account)
        } else {
            Button("Sign in with Google") {
                Task { await account.signIn(with: WebAuthenticationSessionUserAgent()) }
            }
            .disabled(account.isSigningIn)
        }
    }
}

@available(iOS 16.4, *)
private struct ModernSignInButton: View {
    @ObservedObject var account: AccountModel
    @Environment(\.webAuthenticationSession) private var webAuthenticationSession

    var body: some View {
        Button("Sign in with Google") {
            let agent = SwiftUIWebAuthenticationUserAgent(webAuthenticationSession)
            Task { await account.signIn(with: agent) }
        }
        .disabled(account.isSigningIn)
    }
}
