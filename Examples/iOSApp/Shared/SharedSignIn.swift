import Foundation
import OAuthRuntime

/// The one sign-in the app and its widget share: the same Keychain item, in the access group
/// both are signed with (`keychain-access-groups` in each target's entitlements; oauthgen checks
/// the app's at build time, from `Providers/oauthgen.json`).
enum SharedSignIn {
    /// `$(AppIdentifierPrefix)com.example.oauthgen.shared`, with the prefix Xcode put in Info.plist.
    static var accessGroup: String {
        let prefix = Bundle.main.object(forInfoDictionaryKey: "AppIdentifierPrefix") as? String ?? ""
        return prefix + "com.example.oauthgen.shared"
    }

    /// The app group both targets are signed with (`com.apple.security.application-groups`).
    static let appGroup = "group.com.example.oauthgen"

    /// Readable after the first unlock, on this device only: the widget can read it in the
    /// background; before the first unlock the session says `.storageUnavailable`, not signed out.
    /// The coordination file in the group's container makes the app and the widget refresh once
    /// between them and see each other's refreshes and sign-outs.
    static var store: KeychainTokenStore {
        let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup)
        return KeychainTokenStore(
            service: "com.example.oauthgen.google", accessGroup: accessGroup,
            accessibility: .afterFirstUnlockThisDeviceOnly,
            coordinationFile: container?.appendingPathComponent("google-signin.lock"))
    }

    /// A session over the shared store. Each process (app, widget) makes its own.
    static func session() -> OAuthSession<Google> {
        Google.session(store: store)
    }
}

/// What a screen shows of the stored sign-in.
enum SignInState: Equatable, Sendable {
    /// Not read yet.
    case unknown
    case signedOut
    /// The ID token's claims, as `Google.Claims` types them.
    case signedIn(name: String?, email: String?)
    /// The Keychain cannot be read yet (before first unlock): not signed out; read again later.
    case locked
    case failed(String)

    /// What a screen shows for a state the session published.
    init(_ state: SessionState<Google>) {
        switch state {
        case .signedIn(let signIn, _): self = .signedIn(name: signIn.claims.name, email: signIn.claims.email)
        case .signedOut: self = .signedOut
        }
    }

    /// The session's sign-in, read now.
    static func read(from session: OAuthSession<Google>) async -> SignInState {
        do {
            guard let signIn = try await session.currentSignIn() else { return .signedOut }
            return .signedIn(name: signIn.claims.name, email: signIn.claims.email)
        } catch  where error.kind == .storageUnavailable {
            return .locked
        } catch {
            return .failed(error.userMessage)
        }
    }
}
