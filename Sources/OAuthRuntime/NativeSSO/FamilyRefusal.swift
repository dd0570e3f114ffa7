/// What a refused family sign-in means (OpenID Connect Native SSO draft 07 §4.3). The server's
/// error code says whether the client or the tokens were refused (RFC 6749 §5.2: `invalid_client`,
/// `unauthorized_client`; RFC 8693 §2.2.2: `invalid_request` for an unacceptable subject or actor
/// token, and servers answer `invalid_grant` too). Which of the two tokens it was, no code says:
/// the client knows whether the ID token had expired, which only some providers accept, and
/// otherwise the device secret is the one that can have been revoked since.
enum FamilyRefusal {
    static func error(for error: OAuthError, idTokenExpired: Bool) -> OAuthError {
        guard error.kind == .requestRejected, let refusal = error.protocolError else { return error }
        let kind: OAuthError.Kind
        let expectation: String
        switch refusal.code {
        case "invalid_client", "unauthorized_client":
            kind = .notInFamily
            expectation = "this client to be one of the family's apps at the server"
        // (A `where` on a case of several patterns guards only the last one: hence the `if`.)
        case "invalid_grant", "invalid_request":
            if idTokenExpired {
                kind = .familyIDTokenRefused
                expectation = "the family's ID token to be accepted, though expired"
            } else {
                kind = .deviceSecretRefused
                expectation = "the family's device secret to be accepted"
            }
        default:
            return error
        }
        return OAuthError(
            kind, "expected \(expectation), found the exchange refused (\(refusal))", protocolError: refusal,
            httpStatus: error.httpStatus, underlyingError: error)
    }
}
