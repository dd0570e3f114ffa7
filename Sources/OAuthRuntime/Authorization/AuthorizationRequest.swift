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
    /// For a pushed request (RFC 9126), when its `request_uri` stops working: open ``url``
    /// before then, or make a new request. `nil` when the URL carries the whole request.
    public internal(set) var expiresAt: Date?
    /// The request's parameters, in order: what a pushed request sends to the PAR endpoint.
    let parameters: [QuirkParameter]

    /// Whether the request may still be opened at `now`.
    public func isUsable(at now: Date = Date()) -> Bool {
        expiresAt.map { now < $0 } ?? true
    }

    /// Builds the request: fresh `state`, `nonce` (OpenID Connect only) and PKCE pair; the
    /// provider's scope separator and extra parameters from its quirks. Made by
    /// `OAuthClient.authorizationRequest(redirectURI:scopes:parameters:now:)`.
    init(
        configuration: ProviderConfiguration,
        clientID: String,
        redirectURI: URL,
        scopes: [String],
        additionalParameters: [QuirkParameter] = [],
        maxAge: Int? = nil,
        dpopKey: DPoPSigningKey? = nil,
        now: Date = Date()
    ) throws(OAuthError) {
        // The configuration's parameters too: a hand-made or tampered configuration must not add
        // a second redirect_uri, a fixed state or response_type=token either.
        let extra = configuration.quirks.authorizationParameters + additionalParameters
        if let clash = extra.first(where: { ReservedParameters.isReservedAuthorizationParameter($0.name) }) {
            throw OAuthError.invalidRequest(
                "expected extra authorization parameters the client does not set itself, found \"\(clash.name)\"")
        }
        let scopeParameter = configuration.quirks.scopeParameter
        if scopeParameter != "scope",
            scopeParameter.isEmpty || ReservedParameters.isReservedAuthorizationParameter(scopeParameter)
        {
            throw OAuthError.invalidRequest(
                "expected a scope parameter the client does not set otherwise, found \"\(scopeParameter)\"")
        }
        // Metadata read at run time has not been through the build's check of the same rule.
        let metadata = configuration.metadata
        if let gap = CodeFlowSupport.gaps(
            responseTypes: metadata.responseTypesSupported.isEmpty ? nil : metadata.responseTypesSupported,
            grantTypes: metadata.grantTypesSupported, responseModes: metadata.responseModesSupported
        ).first(where: \.blocksSignIn) {
            throw OAuthError.invalidConfiguration(
                "expected the provider's metadata to allow a browser sign-in: \(gap.expectation), found \(gap.foundList)"
            )
        }
        let pkce = PKCE(method: configuration.quirks.pkce)
        let state = SecureRandom.base64URLToken(bytes: 32)
        let nonce = configuration.metadata.kind == .openIDConnect ? SecureRandom.base64URLToken(bytes: 32) : nil

        var items = [
            ("response_type", "code"),
            ("client_id", clientID),
            ("redirect_uri", redirectURI.absoluteString),
        ]
        if !scopes.isEmpty {
            items.append((scopeParameter, try configuration.quirks.scopeParameterValue(scopes)))
        }
        items.append(("state", state))
        if let nonce { items.append(("nonce", nonce)) }
        if pkce.method != .none {
            items.append(("code_challenge", pkce.challenge))
            items.append(("code_challenge_method", pkce.method.rawValue))
        }
        // RFC 9449 §10: the code is bound to the key before any token exists.
        if let dpopKey { items.append(("dpop_jkt", dpopKey.thumbprint)) }
        // RFC 8707 §2.1: the resource the code's tokens are for.
        if let resource = configuration.resource { items.append(("resource", resource.absoluteString)) }
        for parameter in extra {
            items.append((parameter.name, parameter.value))
        }
        self.url = try Self.url(endpoint: configuration.endpoints.authorization, parameters: items)
        self.parameters = items.map { QuirkParameter(name: $0.0, value: $0.1) }
        self.pending = PendingAuthorization(
            state: state, nonce: nonce, pkce: pkce, redirectURI: redirectURI, issuer: configuration.issuer,
            clientID: clientID, scopes: scopes, createdAt: now, dpopKey: dpopKey, maxAge: maxAge)
    }

    /// The authorization endpoint with the parameters added to any query it already has (some
    /// providers put a policy name there).
    static func url(endpoint: URL?, parameters: [(String, String)]) throws(OAuthError) -> URL {
        guard let endpoint else {
            throw OAuthError.invalidConfiguration(
                "expected the authorization server to have an authorization endpoint for a browser sign-in, found none in its metadata"
            )
        }
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            throw OAuthError.invalidConfiguration(
                "expected a valid authorization endpoint, found \(endpoint.absoluteString)")
        }
        let existing = components.percentEncodedQuery.map { $0 + "&" } ?? ""
        components.percentEncodedQuery = existing + FormEncoding.encodeQuery(parameters)
        guard let url = components.url else {
            throw OAuthError.invalidRequest("expected the authorization URL to be buildable, found it was not")
        }
        return url
    }
}
