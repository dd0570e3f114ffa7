#if canImport(AuthenticationServices) && !os(watchOS) && !os(tvOS)
import AuthenticationServices
import Foundation

/// `ASWebAuthenticationSession`: the system's external user-agent on iOS and macOS, with a
/// private-use (RFC 8252 §7.1) or claimed https (§7.2) redirect. Thin by design: the callback is
/// checked by `AuthorizationCallback`, shared and tested on every platform.
@MainActor
public final class WebAuthenticationSessionUserAgent: NSObject, ExternalUserAgent, ASWebAuthenticationPresentationContextProviding {
    public nonisolated let redirectURI: URL
    public let prefersEphemeralSession: Bool
    private let anchor: @MainActor () -> ASPresentationAnchor

    public init(redirectURI: URL, prefersEphemeralSession: Bool = false, anchor: @escaping @MainActor () -> ASPresentationAnchor) {
        self.redirectURI = redirectURI
        self.prefersEphemeralSession = prefersEphemeralSession
        self.anchor = anchor
    }

    public nonisolated func prepareRedirectURI() async throws(OAuthError) -> URL { redirectURI }

    /// The session delivers only its own callback, so `state` is left to `AuthorizationCallback`.
    public nonisolated func present(_ url: URL, state: String) async throws(OAuthError) -> URL {
        let result: Result<URL, OAuthError> = await withCheckedContinuation { continuation in
            Task { @MainActor in
                let handler: ASWebAuthenticationSession.CompletionHandler = { callbackURL, error in
                    if let callbackURL {
                        continuation.resume(returning: .success(callbackURL))
                    } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                        continuation.resume(returning: .failure(.cancelled))
                    } else {
                        continuation.resume(returning: .failure(.transport(error?.localizedDescription ?? "the session ended without a callback")))
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
                if !session.start() { continuation.resume(returning: .failure(.transport("ASWebAuthenticationSession did not start"))) }
            }
        }
        return try result.get()
    }

    public func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { anchor() }
}
#endif
