import Foundation

/// A client assertion for `private_key_jwt` (RFC 7523 §2.2 and §3, OIDC Core §9): a JWT the client
/// signs for one token-endpoint request, naming itself as `iss` and `sub`, the authorization
/// server's issuer as `aud`, living ``lifetime`` seconds, with a fresh `jti` so the server can
/// refuse a replay.
enum ClientAssertion {
    /// The `client_assertion_type` that says the assertion is a JWT (RFC 7523 §2.2).
    static let type = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
    /// How long an assertion lives: long enough for one request, short enough that a captured
    /// one is useless soon (RFC 7523 §3 leaves it to the client; servers allow about a minute).
    static let lifetime = 60

    /// The signed assertion. `audience` is the issuer: what draft-ietf-oauth-rfc7523bis requires,
    /// and a value no other server accepts, unlike a token endpoint URL that two may share.
    static func make(key: ClientKey, clientID: String, audience: String, now: Date) throws(OAuthError) -> String {
        let issuedAt = Int(now.timeIntervalSince1970)
        let header = Header(alg: key.algorithm, typ: "JWT", kid: key.keyID)
        let claims = Claims(
            iss: clientID, sub: clientID, aud: audience, iat: issuedAt, exp: issuedAt + lifetime,
            jti: SecureRandom.base64URLToken(bytes: 16))
        let signingInput: String
        do {
            signingInput = try CompactJWS.signingInput(header: header, claims: claims)
        } catch {
            throw OAuthError(
                .invalidConfiguration, "expected the client assertion to encode as JSON, found an error",
                underlyingError: error)
        }
        return signingInput + "." + Base64URL.encode(try key.signature(for: Array(signingInput.utf8)))
    }

    private struct Header: Encodable {
        var alg: String
        var typ: String
        var kid: String?
    }

    private struct Claims: Encodable {
        var iss: String
        var sub: String
        var aud: String
        var iat: Int
        var exp: Int
        var jti: String
    }
}
