import Foundation

/// What `ASWebAuthenticationSession` must be told to wait for, given the redirect URI: the one
/// decision the Apple web-session agents make, kept here in plain Swift so it is tested on every
/// platform.
///
/// A private-use scheme is matched by scheme alone (the session sees nothing else of it). A
/// claimed https redirect (RFC 8252 §7.2) can only be caught by `Callback.https(host:path:)`,
/// which iOS 17.4 and macOS 14.4 introduced; the older scheme-only API documents that it does not
/// take `https`, so on an older system the sign-in is refused before anything is shown.
enum WebAuthenticationCallback: Equatable, Sendable {
    /// `callbackURLScheme:` or `Callback.customScheme(_:)`.
    case customScheme(String)
    /// `Callback.https(host:path:)`: the associated domain's host and the redirect's exact path.
    case https(host: String, path: String)

    /// The callback for `redirectURI`.
    ///
    /// - Parameter httpsCallbacksAvailable: whether this system (and the SDK the app was built
    ///   with) has `ASWebAuthenticationSession.Callback.https`.
    init(for redirectURI: RegisteredRedirectURI, httpsCallbacksAvailable: Bool) throws(OAuthError) {
        switch redirectURI.kind {
        case .privateUseScheme:
            guard let scheme = redirectURI.url.scheme else {
                throw OAuthError.invalidConfiguration(
                    "expected a private-use redirect URI with a scheme, found \(redirectURI.url.absoluteString)")
            }
            self = .customScheme(scheme.lowercased())
        case .claimedHTTPS:
            guard httpsCallbacksAvailable else {
                throw OAuthError.invalidConfiguration(
                    "expected iOS 17.4 or macOS 14.4 (ASWebAuthenticationSession.Callback.https) for the claimed https redirect URI \(redirectURI.url.absoluteString), found an older system: register a private-use scheme redirect URI for it"
                )
            }
            guard let components = URLComponents(url: redirectURI.url, resolvingAgainstBaseURL: false),
                let host = components.host, !host.isEmpty
            else {
                throw OAuthError.invalidConfiguration(
                    "expected a claimed https redirect URI with a host, found \(redirectURI.url.absoluteString)")
            }
            // URLComponents keeps a trailing slash (URL.path drops it), so the path is the one the
            // provider redirects to; AuthorizationCallback still compares the whole URI afterwards.
            self = .https(host: host.lowercased(), path: components.path.isEmpty ? "/" : components.path)
        case .loopback:
            throw OAuthError.invalidRequest(
                "expected a private-use or claimed https redirect URI, found the loopback redirect \(redirectURI.url.absoluteString): a web authentication session cannot receive it"
            )
        }
    }
}

extension WebAuthenticationCallback {
    /// What both Apple agents do before showing anything: decide the callback (refusing what a
    /// web session cannot receive), honour a cancellation that came first, and make the request
    /// on the redirect URI as registered.
    static func prepare(
        on redirectURI: RegisteredRedirectURI, httpsCallbacksAvailable: Bool,
        request makeRequest: (URL) async throws(OAuthError) -> (url: URL, state: String)
    ) async throws(OAuthError) -> (url: URL, callback: WebAuthenticationCallback) {
        let callback = try WebAuthenticationCallback(for: redirectURI, httpsCallbacksAvailable: httpsCallbacksAvailable)
        if Task.isCancelled { throw OAuthError.taskCancelled }
        return (try await makeRequest(redirectURI.url).url, callback)
    }
}
