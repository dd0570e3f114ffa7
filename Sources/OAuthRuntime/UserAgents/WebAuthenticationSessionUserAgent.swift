#if canImport(AuthenticationServices) && !os(watchOS) && !os(tvOS)
import AuthenticationServices
import Foundation
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// `ASWebAuthenticationSession`: the system's external user-agent on iOS, macOS and visionOS,
/// with a private-use (RFC 8252 §7.1) or claimed https (§7.2) redirect. Thin by design: which
/// callback the session waits for is ``WebAuthenticationCallback``'s decision and the callback is
/// checked by `AuthorizationCallback`, both shared and tested on every platform.
///
/// A claimed https redirect needs iOS 17.4 or macOS 14.4 (`ASWebAuthenticationSession.Callback`)
/// and the host in the app's associated domains; on an older system the sign-in is refused with
/// ``OAuthError/Kind/invalidConfiguration`` before anything is shown.
///
/// Cancelling the task that awaits the sign-in closes the sheet and throws
/// ``OAuthError/Kind/cancelled``, as does the user's closing it.
///
/// A SwiftUI view has its own action for this, `@Environment(\.webAuthenticationSession)`: see
/// ``SwiftUIWebAuthenticationUserAgent``.
public struct WebAuthenticationSessionUserAgent: ExternalUserAgent {
    /// Whether the session shares no cookies with Safari: the user signs in every time, and iOS
    /// shows no "wants to use … to Sign In" alert first (on a sign-out through the provider too).
    public let prefersEphemeralSession: Bool
    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor

    /// An agent that presents from the app's key window (the foreground scene's, on iOS).
    ///
    /// - Parameter prefersEphemeralSession: share no cookies with Safari; see
    ///   ``prefersEphemeralSession``.
    @available(iOSApplicationExtension, unavailable, message: "an app extension has no key window: pass anchor:")
    @available(
        macCatalystApplicationExtension, unavailable, message: "an app extension has no key window: pass anchor:"
    )
    @available(visionOSApplicationExtension, unavailable, message: "an app extension has no key window: pass anchor:")
    public init(prefersEphemeralSession: Bool = false) {
        self.init(prefersEphemeralSession: prefersEphemeralSession, anchor: { Self.keyWindow() })
    }

    /// An agent that presents from the window `anchor` returns when the sheet opens.
    ///
    /// - Parameters:
    ///   - prefersEphemeralSession: share no cookies with Safari; see ``prefersEphemeralSession``.
    ///   - anchor: the window the sheet is presented from.
    public init(
        prefersEphemeralSession: Bool = false, anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
    ) {
        self.prefersEphemeralSession = prefersEphemeralSession
        self.anchor = anchor
    }

    /// Private-use schemes and claimed https URIs; never loopback (the app would have to listen).
    public func accepts(_ kind: RedirectURIKind) -> Bool { kind != .loopback }

    /// The session delivers only its own callback, so `state` is left to `AuthorizationCallback`.
    public func authorize(
        on redirectURI: RegisteredRedirectURI,
        request makeRequest: (URL) async throws(OAuthError) -> (url: URL, state: String)
    ) async throws(OAuthError) -> URL {
        let (url, callback) = try await WebAuthenticationCallback.prepare(
            on: redirectURI, httpsCallbacksAvailable: Self.httpsCallbacksAvailable, request: makeRequest)
        let presentation = await Presentation(anchor: anchor, prefersEphemeralSession: prefersEphemeralSession)
        let result: Result<URL, OAuthError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Task { @MainActor in presentation.start(url, callback: callback, continuation: continuation) }
            }
        } onCancel: {
            // Either before `start` (it then shows nothing) or while the sheet is up (it closes).
            Task { @MainActor in presentation.cancel() }
        }
        if Task.isCancelled { throw OAuthError.taskCancelled }
        return try result.get()
    }

    /// Whether `ASWebAuthenticationSession.Callback` exists here: in the SDK the app was built
    /// with (AuthenticationServices 7618.1.15 is the iOS 17.4 / macOS 14.4 SDKs') and on this system.
    static var httpsCallbacksAvailable: Bool {
        #if canImport(AuthenticationServices, _version: 7618.1.15)
        if #available(iOS 17.4, macOS 14.4, visionOS 1.1, *) { return true }
        #endif
        return false
    }

    /// The key window of the foreground scene (iOS, visionOS) or of the app (macOS).
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(visionOSApplicationExtension, unavailable)
    @MainActor static func keyWindow() -> ASPresentationAnchor {
        #if canImport(UIKit)
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        let scene = scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
        return scene?.keyWindow ?? scene?.windows.first ?? ASPresentationAnchor()
        #else
        let application = NSApplication.shared
        return application.keyWindow ?? application.mainWindow ?? application.windows.first ?? ASPresentationAnchor()
        #endif
    }

    /// One sign-in's web session: made, presented and cancelled on the main actor.
    @MainActor private final class Presentation: NSObject, ASWebAuthenticationPresentationContextProviding {
        /// Looked up as the sign-in starts. A window is main-actor isolated, hence `Sendable`, so
        /// the session's nonisolated question below can be answered without assuming isolation
        /// (`MainActor.assumeIsolated` needs macOS 14 with SDKs before Xcode 15.3).
        private let window: ASPresentationAnchor
        private let prefersEphemeralSession: Bool
        private var session: ASWebAuthenticationSession?
        private var cancelled = false

        init(anchor: @MainActor @Sendable () -> ASPresentationAnchor, prefersEphemeralSession: Bool) {
            self.window = anchor()
            self.prefersEphemeralSession = prefersEphemeralSession
        }

        func start(
            _ url: URL, callback: WebAuthenticationCallback,
            continuation: CheckedContinuation<Result<URL, OAuthError>, Never>
        ) {
            if cancelled {
                continuation.resume(returning: .failure(.taskCancelled))
                return
            }
            // @Sendable, so not main-actor isolated: Swift 6 would otherwise insert a main-thread
            // assertion into a handler the system is free to call from any queue.
            let handler: @Sendable (URL?, (any Error)?) -> Void = { callbackURL, error in
                if let callbackURL {
                    continuation.resume(returning: .success(callbackURL))
                } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                    continuation.resume(returning: .failure(.cancelledByUser))
                } else {
                    continuation.resume(
                        returning: .failure(
                            .browserFailed(
                                "expected ASWebAuthenticationSession to return a callback, found \(error.map { "an error: \($0.localizedDescription)" } ?? "none")",
                                underlying: error)))
                }
            }
            guard let session = Self.session(url, callback: callback, handler: handler) else {
                continuation.resume(
                    returning: .failure(
                        .invalidConfiguration(
                            "expected ASWebAuthenticationSession.Callback.https (iOS 17.4, macOS 14.4) for a claimed https redirect URI, found an older system or SDK"
                        )))
                return
            }
            session.presentationContextProvider = self
            session.prefersEphemeralWebBrowserSession = prefersEphemeralSession
            self.session = session
            if !session.start() {
                self.session = nil
                continuation.resume(
                    returning: .failure(
                        .browserFailed(
                            "expected ASWebAuthenticationSession to start, found it did not (another one is showing, or no window to present from)"
                        )))
            }
        }

        /// The session for `callback`; `nil` for an https callback where `Callback` is missing.
        private static func session(
            _ url: URL, callback: WebAuthenticationCallback,
            handler: @escaping ASWebAuthenticationSession.CompletionHandler
        ) -> ASWebAuthenticationSession? {
            #if canImport(AuthenticationServices, _version: 7618.1.15)
            if #available(iOS 17.4, macOS 14.4, visionOS 1.1, *) {
                switch callback {
                case .customScheme(let scheme):
                    return ASWebAuthenticationSession(
                        url: url, callback: .customScheme(scheme), completionHandler: handler)
                case .https(let host, let path):
                    return ASWebAuthenticationSession(
                        url: url, callback: .https(host: host, path: path), completionHandler: handler)
                }
            }
            #endif
            guard case .customScheme(let scheme) = callback else { return nil }
            return ASWebAuthenticationSession(url: url, callbackURLScheme: scheme, completionHandler: handler)
        }

        func cancel() {
            cancelled = true
            session?.cancel()
        }

        /// The window the sign-in started from.
        nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
            window
        }
    }
}
#endif
