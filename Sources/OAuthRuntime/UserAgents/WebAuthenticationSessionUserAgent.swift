#if canImport(AuthenticationServices) && !os(watchOS) && !os(tvOS)
import AuthenticationServices
import Foundation

/// `ASWebAuthenticationSession`: the system's external user-agent on iOS and macOS, with a
/// private-use (RFC 8252 §7.1) or claimed https (§7.2) redirect. Thin by design: the callback is
/// checked by `AuthorizationCallback`, shared and tested on every platform.
///
/// Cancelling the task that awaits the sign-in cancels the web session.
@MainActor
public final class WebAuthenticationSessionUserAgent: NSObject, ExternalUserAgent, ASWebAuthenticationPresentationContextProviding {
    /// Whether the session shares no cookies with Safari (the user signs in every time).
    public let prefersEphemeralSession: Bool
    private let anchor: @MainActor () -> ASPresentationAnchor

    /// One sign-in's web session, and whether its task was cancelled before it started.
    @MainActor private final class Presentation {
        var session: ASWebAuthenticationSession?
        var cancelled = false

        func cancel() {
            cancelled = true
            session?.cancel()
        }
    }

    /// - Parameters:
    ///   - prefersEphemeralSession: share no cookies with Safari.
    ///   - anchor: the window the sheet is presented from.
    public init(prefersEphemeralSession: Bool = false, anchor: @escaping @MainActor () -> ASPresentationAnchor) {
        self.prefersEphemeralSession = prefersEphemeralSession
        self.anchor = anchor
    }

    /// Private-use schemes and claimed https URIs; never loopback (the app would have to listen).
    public nonisolated func accepts(_ kind: RedirectURIKind) -> Bool { kind != .loopback }

    /// The session delivers only its own callback, so `state` is left to `AuthorizationCallback`.
    public nonisolated func authorize(
        on redirectURI: RegisteredRedirectURI,
        request makeRequest: (URL) async throws(OAuthError) -> (url: URL, state: String)
    ) async throws(OAuthError) -> URL {
        guard accepts(redirectURI.kind) else {
            throw OAuthError.invalidRequest("expected a private-use or claimed https redirect URI, found \(redirectURI.url.absoluteString)")
        }
        if Task.isCancelled { throw OAuthError.taskCancelled }
        let url = try await makeRequest(redirectURI.url).url
        let callback = redirectURI.url
        let presentation = await Presentation()
        let result: Result<URL, OAuthError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Task { @MainActor in self.start(url, callback: callback, presentation: presentation, continuation: continuation) }
            }
        } onCancel: {
            // Either before `start` (it then shows nothing) or while the sheet is up (it closes).
            Task { @MainActor in presentation.cancel() }
        }
        return try result.get()
    }

    private func start(_ url: URL, callback redirectURI: URL, presentation: Presentation,
                       continuation: CheckedContinuation<Result<URL, OAuthError>, Never>) {
        if presentation.cancelled {
            continuation.resume(returning: .failure(.taskCancelled))
            return
        }
        let handler: ASWebAuthenticationSession.CompletionHandler = { callbackURL, error in
            if let callbackURL {
                continuation.resume(returning: .success(callbackURL))
            } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                continuation.resume(returning: .failure(.cancelledByUser))
            } else {
                continuation.resume(returning: .failure(.browserFailed("ASWebAuthenticationSession ended without a callback: \(error?.localizedDescription ?? "no error")", underlying: error)))
            }
        }
        let session: ASWebAuthenticationSession
        if #available(iOS 17.4, macOS 14.4, visionOS 1.1, *), redirectURI.scheme == "https", let host = redirectURI.host {
            session = ASWebAuthenticationSession(url: url, callback: .https(host: host, path: redirectURI.path), completionHandler: handler)
        } else {
            session = ASWebAuthenticationSession(url: url, callbackURLScheme: redirectURI.scheme, completionHandler: handler)
        }
        session.presentationContextProvider = self
        session.prefersEphemeralWebBrowserSession = prefersEphemeralSession
        presentation.session = session
        if !session.start() {
            presentation.session = nil
            continuation.resume(returning: .failure(.browserFailed("ASWebAuthenticationSession did not start")))
        }
    }

    /// The anchor the app gave.
    public func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { anchor() }
}
#endif
