import Foundation
import OAuthRuntime
import WidgetKit

/// The app's view of the shared sign-in, on the main actor for SwiftUI.
@MainActor
final class AccountModel: ObservableObject {
    @Published private(set) var state: SignInState = .unknown
    @Published private(set) var apiResult: String?
    /// A sign-in is under way: the button is disabled, so a double tap starts one web session.
    @Published private(set) var isSigningIn = false
    private let session: OAuthSession<Google>
    private var following: Task<Void, Never>?

    init() {
        // No `try`: the build verified Google's configuration (`BuildVerifiedProvider`).
        session = SharedSignIn.session()
        // Every change the session makes — a sign-in, a refresh by the app or the widget, the
        // provider refusing the refresh token inside any call — reaches the screen from here,
        // without a `catch` at each call site.
        following = Task { [weak self, session] in
            for await state in await session.states() {
                self?.state = SignInState(state)
                if case .signedOut(.grantRevoked) = state {
                    self?.apiResult = "Google ended the sign-in: sign in again."
                }
            }
        }
    }

    func reload() async {
        state = await SignInState.read(from: session)
    }

    /// Signs in through `agent`: SwiftUI's web authentication session, or the UIKit one.
    func signIn(with agent: some ExternalUserAgent) async {
        guard !isSigningIn else { return }
        isSigningIn = true
        defer { isSigningIn = false }
        do {
            try await session.signIn(with: agent, scopes: [.openid, .email, .profile])
            WidgetCenter.shared.reloadAllTimelines()
        } catch  where error.kind == .cancelled {
            // The user closed the sheet: nothing to say.
        } catch {
            // The sentence is for the user; the diagnostic, with what was expected and found, for the log.
            print("sign-in failed: \(error.description)")
            state = .failed(error.userMessage)
            return
        }
        await reload()
    }

    /// Google's userinfo over plain URLSession, with headers the session keeps valid (refreshed
    /// first if the access token is about to expire, once however many callers ask).
    func callAPI() async {
        guard let url = URL(string: "https://openidconnect.googleapis.com/v1/userinfo") else { return }
        do {
            var request = URLRequest(url: url)
            for (name, value) in try await session.validAuthorizationHeaders(method: "GET", url: url).fields {
                request.setValue(value, forHTTPHeaderField: name)
            }
            let (_, response) = try await URLSession.shared.data(for: request)
            apiResult = "HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0)"
        } catch let error as OAuthError {
            apiResult = error.userMessage
            await reload()
        } catch {
            apiResult = error.localizedDescription
        }
    }

    /// Revokes the refresh token at Google and forgets the sign-in, here and in the widget.
    func signOut() async {
        do {
            if try await session.signOut() == .notRevocable {
                apiResult = "signed out here; Google keeps the tokens until they expire"
            }
        } catch {
            apiResult = "Signed out. \(error.userMessage)"
        }
        WidgetCenter.shared.reloadAllTimelines()
        await reload()
    }
}
