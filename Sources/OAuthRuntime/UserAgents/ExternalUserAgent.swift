import Foundation

/// Shows the authorization request to the user in an external user-agent — the system browser
/// or `ASWebAuthenticationSession` — and hands back the URL the response arrived on.
///
/// Embedded web views are not offered (RFC 8252 §8.12): the app could read the user's password.
public protocol ExternalUserAgent: Sendable {
    /// The redirect URI this agent will receive the response on; called before the request is built.
    func prepareRedirectURI() async throws(OAuthError) -> URL
    /// Opens `url` and waits for the authorization response to the request whose `state` is
    /// given; an agent that can be reached by other processes (a loopback listener) ignores
    /// responses without it.
    func present(_ url: URL, state: String) async throws(OAuthError) -> URL
}

extension OAuthClient {
    /// A complete sign-in through an external user-agent: request, browser, callback checks,
    /// code exchange and ID token verification.
    public func signIn(with agent: some ExternalUserAgent, scopes: [String]? = nil, additionalParameters: [QuirkParameter] = []) async throws(OAuthError) -> SignIn {
        let redirectURI = try await agent.prepareRedirectURI()
        let request = try authorizationRequest(redirectURI: redirectURI, scopes: scopes, additionalParameters: additionalParameters)
        let callback = try await agent.present(request.url, state: request.pending.state)
        return try await finishAuthorization(callback: callback, pending: request.pending)
    }
}
