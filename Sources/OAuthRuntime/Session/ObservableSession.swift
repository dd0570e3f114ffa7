import Observation

/// A session's state for SwiftUI: an `Observable` model on the main actor that follows
/// ``OAuthSession/states()``, so a view updates when the user signs in, a token is refreshed, or
/// the provider ends the sign-in inside a `validAccessToken()` call somewhere else — no `catch`
/// needed to notice.
///
/// ```swift
/// @State private var account = ObservableSession(session: Google.session(store: store))
///
/// var body: some View {
///     if let signIn = account.signIn { Text(signIn.claims.email ?? "signed in") }
///     else { SignInButton(reason: account.signOutReason) }
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public final class ObservableSession<Provider: OAuthProvider>: Observable {
    // `Observable` by hand, as the `@Observable` macro would write it: the macro's expansion
    // differs between toolchains and SDKs, and this must compile with every supported pair.
    private let registrar = ObservationRegistrar()
    private var storedSignIn: SignIn<Provider>?
    private var storedSignOutReason: SignOutReason?
    private var storedWasRefreshed = false

    /// The session it follows.
    public let session: OAuthSession<Provider>

    /// The sign-in, when signed in.
    public private(set) var signIn: SignIn<Provider>? {
        get {
            registrar.access(self, keyPath: \.signIn)
            return storedSignIn
        }
        set {
            registrar.withMutation(of: self, keyPath: \.signIn) { storedSignIn = newValue }
        }
    }

    /// Why there is no sign-in, when there is none; `nil` until the session has read its store.
    public private(set) var signOutReason: SignOutReason? {
        get {
            registrar.access(self, keyPath: \.signOutReason)
            return storedSignOutReason
        }
        set {
            registrar.withMutation(of: self, keyPath: \.signOutReason) { storedSignOutReason = newValue }
        }
    }

    /// Whether the last change was a refresh.
    public private(set) var wasRefreshed: Bool {
        get {
            registrar.access(self, keyPath: \.wasRefreshed)
            return storedWasRefreshed
        }
        set {
            registrar.withMutation(of: self, keyPath: \.wasRefreshed) { storedWasRefreshed = newValue }
        }
    }

    /// Follows the session's states; cancelled when the model goes.
    private let following: Task<Void, Never>

    /// Refers to the model without keeping it alive, so the task ends with the model.
    @MainActor private final class WeakModel {
        weak var model: ObservableSession?
    }

    /// A model following `session` from now on, starting with where it stands.
    public init(session: OAuthSession<Provider>) {
        self.session = session
        let owner = WeakModel()
        following = Task { @MainActor in
            for await state in await session.states() {
                guard let model = owner.model else { return }
                model.apply(state)
            }
        }
        owner.model = self
    }

    deinit {
        following.cancel()
    }

    /// Whether a sign-in is there.
    public var isSignedIn: Bool { signIn != nil }

    private func apply(_ state: SessionState<Provider>) {
        switch state {
        case .signedIn(let signIn, let refreshed):
            self.signIn = signIn
            signOutReason = nil
            wasRefreshed = refreshed
        case .signedOut(let reason):
            signIn = nil
            signOutReason = reason
            wasRefreshed = false
        }
    }
}
