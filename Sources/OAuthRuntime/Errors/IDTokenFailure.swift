import Foundation
internal import OAuthPolicy

/// Why an ID token was rejected.
public enum IDTokenFailure: Sendable, Hashable, CustomStringConvertible {
    /// Not a compact JWS of three base64url parts with JSON header and payload.
    case malformed(String)
    /// Signed with an algorithm outside the provider's metadata (or `none`, or HMAC).
    case algorithmNotAllowed(String)
    /// The key the header names is not in the provider's JWKS, even after refetching it.
    case unknownKey(String?)
    /// The signature does not verify with the provider's key.
    case signatureInvalid
    /// The `iss` claim is missing or differs from the provider's issuer.
    case issuerMismatch(expected: String, found: String?)
    /// The `aud` claim does not include the client ID.
    case audienceMismatch(clientID: String)
    /// The `azp` claim is missing where required, or is not the client ID.
    case authorizedPartyMismatch(expected: String, found: String?)
    /// The token has expired (beyond the allowed clock skew).
    case expired
    /// The token was issued in the future (beyond the allowed clock skew).
    case issuedInTheFuture
    /// A required claim is absent.
    case missingClaim(String)
    /// The `nonce` differs from the request's.
    case nonceMismatch
    /// A refreshed ID token names another subject than the original (OIDC Core §12.2).
    case subjectChanged
    /// A refreshed ID token has an earlier `auth_time` than the original (OIDC Core §12.2; a
    /// later one is accepted, and the sign-in keeps the original as ``SignIn/authenticatedAt``).
    case authTimeChanged

    /// What the check expected and what it found; never the token itself.
    public var description: String {
        switch self {
        case .malformed(let reason): "ID token is malformed: \(reason)"
        case .algorithmNotAllowed(let alg):
            "ID token is signed with \"\(alg)\", which the provider's metadata does not allow (never none or HMAC)"
        case .unknownKey(let kid):
            "ID token names key \(kid.map { "\"\($0)\"" } ?? "(no kid)"), which is not in the provider's JWKS even after refetching it"
        case .signatureInvalid: "ID token signature does not verify with the provider's key"
        case .issuerMismatch(let expected, let found):
            "ID token issuer is \(found.map { "\"\($0)\"" } ?? "missing"), expected \"\(expected)\""
        case .audienceMismatch(let clientID): "ID token audience does not include the client ID \"\(clientID)\""
        case .authorizedPartyMismatch(let expected, let found):
            "ID token azp is \(found.map { "\"\($0)\"" } ?? "missing"), expected \"\(expected)\""
        case .expired: "ID token has expired"
        case .issuedInTheFuture: "ID token was issued in the future"
        case .missingClaim(let name): "ID token has no \"\(name)\" claim"
        case .nonceMismatch: "ID token nonce does not match the request"
        case .subjectChanged: "refreshed ID token names another subject than the original"
        case .authTimeChanged: "refreshed ID token has an earlier auth_time than the original"
        }
    }
}
