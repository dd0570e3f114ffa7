/// Authorization request parameters (RFC 6749 §4.1.1, RFC 7636 §4.3, OIDC Core §3.1.2.1, RFC 9126, RFC 9449 §10)
/// that the client sets itself: a configuration that set them could send a second `redirect_uri`,
/// a fixed `state` or `response_type=token`, defeating the checks the client makes.
public enum ReservedParameters {
    /// The reserved authorization request parameter names, lowercased.
    public static let authorization: Set<String> = [
        "response_type", "client_id", "redirect_uri", "scope", "state", "nonce",
        "code_challenge", "code_challenge_method", "request", "request_uri", "response_mode",
        // RFC 9449 §10: the thumbprint of the key the code is bound to, the client's own.
        "dpop_jkt",
        // RFC 8707: the protected resource, from the configuration's `resource` only, so a
        // request never names a second resource the token would then also be good for.
        "resource",
    ]

    /// Whether an extra authorization parameter would override one the client sets. Compared
    /// without case: a server that reads names loosely must not see a second `State`.
    public static func isReservedAuthorizationParameter(_ name: String) -> Bool {
        authorization.contains(name.lowercased())
    }

    /// The token request parameter names the client sets itself (RFC 6749 §4.1.3, §6, RFC 7636
    /// §4.5, RFC 8628 §3.4, RFC 8693 §2.1, RFC 7523 §2.1), lowercased: an extra one must not
    /// replace the code, the verifier, the grant, the tokens exchanged or the client's credentials.
    public static let token: Set<String> = [
        "grant_type", "code", "redirect_uri", "code_verifier", "client_id", "client_secret", "client_assertion",
        "client_assertion_type", "refresh_token", "device_code", "scope", "resource",
        "subject_token", "subject_token_type", "actor_token", "actor_token_type", "requested_token_type", "assertion",
    ]

    /// Whether an extra token request parameter would override one the client sets.
    public static func isReservedTokenParameter(_ name: String) -> Bool {
        token.contains(name.lowercased())
    }
}
