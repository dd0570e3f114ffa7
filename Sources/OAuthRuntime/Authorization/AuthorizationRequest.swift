import Foundation
internal import OAuthPolicy

/// An authorization request (RFC 6749 §4.1.1 with RFC 7636 and OIDC Core §3.1.2.1): the URL to
/// open in an external user-agent and what to keep until the callback.
public struct AuthorizationRequest<Provider: OAuthProvider>: Sendable, Hashable {
    /// Open this in the system browser or `ASWebAuthenticationSession`, never in an embedded web view
    /// (RFC 8252 §8.12).
    public var url: URL
    /// What to keep until the callback; finish it with the same client.
    public var pending: PendingAuthorization<Provider>

    /// Builds the request: fresh `state`, `nonce` (OpenID Connect only) and PKCE pair; the
    /// provider's scope separator and extra parameters from its quirks. Made by
    /// `OAuthClient.authorizationRequest(redirectURI:scopes:parameters:now:)`.
    init(
        configuration: ProviderConfiguration,
        clientID: String,
        redirectURI: URL,
        scopes: [String],
        additionalParameters: [QuirkParameter] = [],
        now: Date = Date()
    ) throws(OAuthError) {
        // The configuration's parameters too: a hand-made or tampered configuration must not add
        // a second redirect_uri, a fixed state or response_type=token either.
        let extra = configuration.quirks.authorizationParameters + additionalParameters
        if let clash = extra.first(where: { ReservedParameters.isReservedAuthorizationParameter($0.name) }) {
            throw OAuthError.invalidRequest("expected extra authorization parameters the client does not set itself, found \"\(clash.name)\"")
        }
        let pkce = PKCE(method: configuration.quirks.pkce)
        let state = SecureRandom.base64URLToken(bytes: 32)
        let nonce = configuration.metadata.kind == .openIDConnect ? SecureRandom.base64URLToken(bytes: 32) : nil

        var items = [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURI.absoluteString),
        ]
        if !scopes.isEmpty {
            items.append(URLQueryItem(name: "scope", value: scopes.joined(separator: configuration.quirks.scopeSeparator)))
        }
        items.append(URLQueryItem(name: "state", value: state))
        if let nonce { items.append(URLQueryItem(name: "nonce", value: nonce)) }
        if pkce.method != .none {
            items.append(URLQueryItem(name: "code_challenge", value: pkce.challenge))
            items.append(URLQueryItem(name: "code_challenge_method", value: pkce.method.rawValue))
        }
        for parameter in extra {
            items.append(URLQueryItem(name: parameter.name, value: parameter.value))
        }

        guard var components = URLComponents(url: configuration.endpoints.authorization, resolvingAgainstBaseURL: false) else {
            throw OAuthError.invalidConfiguration("expected a valid authorization endpoint, found \(configuration.endpoints.authorization.absoluteString)")
        }
        // Keep any query the endpoint already has (some providers put a policy name there).
        let existing = components.percentEncodedQuery.map { $0 + "&" } ?? ""
        components.percentEncodedQuery = existing + FormEncoding.encodeQuery(items.map { ($0.name, $0.value ?? "") })
        guard let url = components.url else {
            throw OAuthError.invalidRequest("expected the authorization URL to be buildable, found it was not")
        }
        self.url = url
        self.pending = PendingAuthorization(
            state: state, nonce: nonce, pkce: pkce, redirectURI: redirectURI, issuer: configuration.issuer,
            clientID: clientID, scopes: scopes, createdAt: now)
    }
}
