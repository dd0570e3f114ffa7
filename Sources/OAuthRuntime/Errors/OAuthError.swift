import Foundation
internal import OAuthPolicy

/// Everything that can go wrong in a sign-in, refresh or revocation, as values to switch over.
///
/// Descriptions say what was expected and what was found, and never contain a token, code,
/// verifier or secret: they are safe to log.
public enum OAuthError: Error, Sendable, Hashable {
    /// The caller asked for something the client will not do.
    case invalidRequest(String)
    /// A URL the client would talk to is not https (or http on 127.0.0.1/[::1], where allowed).
    case insecureEndpoint(name: String, url: String)
    /// The provider has no such endpoint.
    case missingEndpoint(String)
    /// The callback arrived on another URL than the request's redirect URI (RFC 8252 §8.10).
    case redirectMismatch(expected: String, found: String)
    /// The callback's `state` is missing or differs (RFC 6749 §10.12, RFC 8252 §8.9).
    case stateMismatch
    /// A required parameter is missing from a response.
    case missingParameter(String)
    /// A parameter appears more than once (RFC 6749 §3.1).
    case duplicateParameter(String)
    /// RFC 9207: the authorization response's `iss` is missing or names another server.
    case issuerMismatch(expected: String, found: String?)
    /// The authorization server answered with an error (RFC 6749 §4.1.2.1), e.g. `access_denied`.
    case authorizationError(ProtocolError)
    /// The token, revocation or userinfo endpoint answered with an OAuth error (RFC 6749 §5.2).
    case tokenEndpointError(ProtocolError, status: Int)
    /// An endpoint answered with something that is not an OAuth response (an HTML error page…).
    case serverError(status: Int, contentType: String?)
    /// An endpoint answered with a redirect. The runtime never follows one: the request's
    /// credentials would go to whatever host the redirect names.
    case redirectRefused(endpoint: String, status: Int)
    /// A token response that does not follow RFC 6749 §5.1 even with the provider's quirks.
    case invalidTokenResponse(String)
    /// The ID token failed a check of OIDC Core §3.1.3.7.
    case invalidIDToken(IDTokenFailure)
    /// UserInfo's `sub` differs from the ID token's (OIDC Core §5.3.2).
    case userInfoSubjectMismatch
    /// The refresh token was rejected (`invalid_grant`): the session is signed out.
    case signedOut
    /// No tokens are stored.
    case notSignedIn
    /// The session was signed out, or signed in to another account, while a refresh was under
    /// way; its result was discarded and its refresh token revoked.
    case sessionChanged
    /// The network or the transport failed.
    case transport(String)
    /// The user-agent did not deliver a callback in time.
    case timedOut
    /// The user closed the browser or cancelled.
    case cancelled

    /// An OAuth error response: `error`, `error_description`, `error_uri`.
    public struct ProtocolError: Sendable, Hashable, CustomStringConvertible {
        public var code: String
        public var errorDescription: String?
        public var uri: String?

        public init(code: String, errorDescription: String? = nil, uri: String? = nil) {
            self.code = code
            self.errorDescription = errorDescription
            self.uri = uri
        }

        /// Both parts come from the server (or, for an authorization error, from whatever sent
        /// the callback): escaped so they cannot drive a terminal, and the description kept short.
        public var description: String {
            TerminalText.escaping(code) + (errorDescription.map { ": \(TerminalText.escaping(String($0.prefix(300))))" } ?? "")
        }
    }
}

/// Why an ID token was rejected.
public enum IDTokenFailure: Sendable, Hashable, CustomStringConvertible {
    case malformed(String)
    case algorithmNotAllowed(String)
    case unknownKey(String?)
    case signatureInvalid
    case issuerMismatch(expected: String, found: String?)
    case audienceMismatch(clientID: String)
    case authorizedPartyMismatch(expected: String, found: String?)
    case expired
    case issuedInTheFuture
    case missingClaim(String)
    case nonceMismatch
    case subjectChanged
    case authTimeChanged

    public var description: String {
        switch self {
        case .malformed(let reason): "ID token is malformed: \(reason)"
        case .algorithmNotAllowed(let alg): "ID token is signed with \"\(alg)\", which the provider's metadata does not allow (never none or HMAC)"
        case .unknownKey(let kid): "ID token names key \(kid.map { "\"\($0)\"" } ?? "(no kid)"), which is not in the provider's JWKS even after refetching it"
        case .signatureInvalid: "ID token signature does not verify with the provider's key"
        case .issuerMismatch(let expected, let found): "ID token issuer is \(found.map { "\"\($0)\"" } ?? "missing"), expected \"\(expected)\""
        case .audienceMismatch(let clientID): "ID token audience does not include the client ID \"\(clientID)\""
        case .authorizedPartyMismatch(let expected, let found): "ID token azp is \(found.map { "\"\($0)\"" } ?? "missing"), expected \"\(expected)\""
        case .expired: "ID token has expired"
        case .issuedInTheFuture: "ID token was issued in the future"
        case .missingClaim(let name): "ID token has no \"\(name)\" claim"
        case .nonceMismatch: "ID token nonce does not match the request"
        case .subjectChanged: "refreshed ID token names another subject than the original"
        case .authTimeChanged: "refreshed ID token has another auth_time than the original"
        }
    }
}

extension OAuthError: CustomStringConvertible, LocalizedError {
    /// What was expected and what was found. Values that came from a server, a file or another
    /// process are escaped (`\u{1B}`), so the text is safe for a terminal or a log.
    public var description: String {
        TerminalText.escaping(unescapedDescription)
    }

    private var unescapedDescription: String {
        switch self {
        case .invalidRequest(let message): message
        case .insecureEndpoint(let name, let url): "expected the \(name) to use https (http only on a loopback host when allowed), found \(url)"
        case .missingEndpoint(let name): "expected the provider to have a \(name), found none"
        case .redirectMismatch(let expected, let found): "expected the callback on the request's redirect URI \(expected), found it on \(found)"
        case .stateMismatch: "expected the callback's state to equal the request's, found a missing or different state"
        case .missingParameter(let name): "expected the response to carry \"\(name)\", found none"
        case .duplicateParameter(let name): "expected \"\(name)\" once in the response, found it more than once"
        case .issuerMismatch(let expected, let found): "expected the authorization response's iss to be \"\(expected)\" (RFC 9207), found \(found.map { "\"\($0)\"" } ?? "none")"
        case .authorizationError(let error): "authorization failed: \(error)"
        case .tokenEndpointError(let error, let status): "the token endpoint refused (HTTP \(status)): \(error)"
        case .serverError(let status, let contentType): "expected an OAuth response, found HTTP \(status)\(contentType.map { " with \($0)" } ?? "")"
        case .redirectRefused(let endpoint, let status): "expected the \(endpoint) to answer, found HTTP \(status) redirecting elsewhere; redirects are never followed, so no credential leaves for another host"
        case .invalidTokenResponse(let reason): "expected a token response per RFC 6749 §5.1, found \(reason)"
        case .invalidIDToken(let failure): failure.description
        case .userInfoSubjectMismatch: "expected userinfo's sub to equal the ID token's, found another subject"
        case .signedOut: "the refresh token was rejected (invalid_grant): signed out"
        case .notSignedIn: "expected stored tokens, found none: not signed in"
        case .sessionChanged: "the session was signed out or switched accounts while the refresh was under way; its result was discarded"
        case .transport(let message): "the request failed: \(message)"
        case .timedOut: "expected the authorization callback, found none before the time-out"
        case .cancelled: "the user cancelled the sign-in"
        }
    }

    public var errorDescription: String? { description }
}
