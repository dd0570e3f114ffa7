#if canImport(SwiftUI) && canImport(AuthenticationServices) && !os(watchOS) && !os(tvOS)
import AuthenticationServices
import Foundation
import SwiftUI

/// SwiftUI's web authentication action, `@Environment(\.webAuthenticationSession)`, as the
/// external user-agent: the sheet is presented from the view that read it, so no window is needed.
///
/// ```swift
/// struct SignInButton: View {
///     @Environment(\.webAuthenticationSession) private var webAuthenticationSession
///     let session: OAuthSession<Google>
///
///     var body: some View {
///         Button("Sign in") {
///             let agent = SwiftUIWebAuthenticationUserAgent(webAuthenticationSession)
///             Task { try await session.signIn(with: agent) }
///         }
///     }
/// }
/// ```
///
/// A private-use scheme redirect works from iOS 16.4 and macOS 13.3; a claimed https redirect
/// needs iOS 17.4 or macOS 14.4 (and the host in the app's associated domains), and is refused
/// with ``OAuthError/Kind/invalidConfiguration`` before anything is shown on an older system.
/// The sheet belongs to SwiftUI: cancelling the awaiting task ends the sign-in with
/// ``OAuthError/Kind/cancelled`` whatever SwiftUI does with it; ``WebAuthenticationSessionUserAgent``
/// closes its own sheet itself.
@available(iOS 16.4, macOS 13.3, *)
public struct SwiftUIWebAuthenticationUserAgent: ExternalUserAgent {
    /// Whether the session shares no cookies with Safari: the user signs in every time, and iOS
    /// shows no "wants to use … to Sign In" alert first (on a sign-out through the provider too).
    public let prefersEphemeralSession: Bool
    private let authenticate: @MainActor @Sendable (URL, WebAuthenticationCallback) async throws -> URL

    /// An agent over the view's `webAuthenticationSession` environment value.
    ///
    /// - Parameters:
    ///   - webAuthenticationSession: `@Environment(\.webAuthenticationSession)` of the view that
    ///     starts the sign-in.
    ///   - prefersEphemeralSession: share no cookies with Safari.
    @MainActor
    public init(_ webAuthenticationSession: WebAuthenticationSession, prefersEphemeralSession: Bool = false) {
        self.prefersEphemeralSession = prefersEphemeralSession
        let browserSession: WebAuthenticationSession.BrowserSession = prefersEphemeralSession ? .ephemeral : .shared
        // Kept on the main actor, where SwiftUI hands the action out and where it presents.
        authenticate = { @MainActor url, callback in
            try await Self.run(webAuthenticationSession, url, callback, browserSession)
        }
    }

    /// Private-use schemes and claimed https URIs; never loopback.
    public func accepts(_ kind: RedirectURIKind) -> Bool { kind != .loopback }

    /// Shows the request in SwiftUI's sheet; the callback's `state` is left to `AuthorizationCallback`.
    public func authorize(
        on redirectURI: RegisteredRedirectURI,
        request makeRequest: (URL) async throws(OAuthError) -> (url: URL, state: String)
    ) async throws(OAuthError) -> URL {
        let (url, callback) = try await WebAuthenticationCallback.prepare(
            on: redirectURI, httpsCallbacksAvailable: WebAuthenticationSessionUserAgent.httpsCallbacksAvailable,
            request: makeRequest)
        do {
            let callbackURL = try await authenticate(url, callback)
            if Task.isCancelled { throw OAuthError.taskCancelled }
            return callbackURL
        } catch let error as OAuthError {
            throw error
        } catch {
            if Task.isCancelled || error is CancellationError { throw OAuthError.taskCancelled }
            if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                throw OAuthError.cancelledByUser
            }
            throw OAuthError.browserFailed(
                "expected SwiftUI's web authentication session to return a callback, found an error: \(error.localizedDescription)",
                underlying: error)
        }
    }

    @MainActor
    private static func run(
        _ session: WebAuthenticationSession, _ url: URL, _ callback: WebAuthenticationCallback,
        _ browserSession: WebAuthenticationSession.BrowserSession
    ) async throws -> URL {
        // Unchecked for the older SDKs only: iOS 17 and macOS 14 declare `WebAuthenticationSession`
        // and its `authenticate` without isolation, so this call reads as sending a main-actor
        // value away (as every app's call did, Apple's own example included); later SDKs declare the
        // type `@MainActor`, and then the call never leaves the main actor. Nothing else holds
        // `action`: this call is its only use.
        nonisolated(unsafe) let action = session
        #if canImport(AuthenticationServices, _version: 7618.1.15)
        if #available(iOS 17.4, macOS 14.4, *) {
            switch callback {
            case .customScheme(let scheme):
                return try await action.authenticate(
                    using: url, callback: .customScheme(scheme), preferredBrowserSession: browserSession,
                    additionalHeaderFields: [:])
            case .https(let host, let path):
                return try await action.authenticate(
                    using: url, callback: .https(host: host, path: path), preferredBrowserSession: browserSession,
                    additionalHeaderFields: [:])
            }
        }
        #endif
        guard case .customScheme(let scheme) = callback else {
            throw OAuthError.invalidConfiguration(
                "expected ASWebAuthenticationSession.Callback.https (iOS 17.4, macOS 14.4) for a claimed https redirect URI, found an older system or SDK"
            )
        }
        return try await action.authenticate(
            using: url, callbackURLScheme: scheme, preferredBrowserSession: browserSession)
    }
}
#endif
