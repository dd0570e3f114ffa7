import Foundation

/// Verifies ID tokens: the JWS signature against the provider's JWKS with an algorithm its
/// metadata allows (never `none`, never HMAC), then the claims of OIDC Core §3.1.3.7.
@_spi(BuildingBlocks)
public struct IDTokenValidator: Sendable {
    /// The asymmetric algorithms the runtime can verify; HMAC is left out on purpose: a native
    /// app cannot keep the shared key, and an HMAC "keyed" with a public key proves nothing.
    public static let verifiableAlgorithms: Set<String> = Set(JWSAlgorithm.allCases.map(\.rawValue))

    /// The issuer ID tokens must name (before templates are resolved).
    public var issuer: String
    /// Placeholders in the issuer resolved from the token's claims.
    public var issuerTemplate: IssuerTemplate?
    /// The client ID the audience must include.
    public var clientID: String
    /// The metadata's `id_token_signing_alg_values_supported` ∩ `verifiableAlgorithms`
    /// (RS256 when the metadata lists none, the OIDC default).
    public var allowedAlgorithms: Set<String>
    /// Tolerance for clock differences on `exp` and `iat`.
    public var clockSkew: TimeInterval
    /// The provider's signing keys.
    public let keys: JWKSCache

    /// A validator for ID tokens issued to `clientID`, allowing `clockSkew` seconds of clock difference.
    public init(
        configuration: ProviderConfiguration, clientID: String, keys: JWKSCache, clockSkew: TimeInterval = 120
    ) throws(OAuthError) {
        guard let issuer = configuration.issuer else {
            throw OAuthError.invalidConfiguration("expected an issuer to validate ID tokens against, found none")
        }
        self.issuer = issuer
        self.issuerTemplate = configuration.issuerTemplate
        self.clientID = clientID
        let listed = configuration.metadata.idTokenSigningAlgorithms
        self.allowedAlgorithms = Set(listed.isEmpty ? ["RS256"] : listed).intersection(Self.verifiableAlgorithms)
        self.clockSkew = clockSkew
        self.keys = keys
    }

    /// Verifies a token from a code exchange: `nonce` must equal the request's.
    public func validate(
        _ token: String, nonce: String?, now: Date = Date()
    ) async throws(OAuthError) -> VerifiedIDToken {
        let verified = try await verify(token, now: now)
        if let nonce {
            guard let found = verified.nonce, AuthorizationCallback.constantTimeEqual(found, nonce) else {
                throw OAuthError.invalidIDToken(.nonceMismatch)
            }
        }
        return verified
    }

    /// Verifies a token from a refresh (OIDC Core §12.2): same issuer, subject and audience as
    /// the original; `nonce`, when present, unchanged.
    ///
    /// A *later* `auth_time` is accepted: §12.2 says it must be the original's, but real
    /// providers (django-oauth-toolkit among them) report the user's latest login, which a
    /// sign-in on another device moves. Refusing it would throw away a refresh the provider has
    /// already committed (and, with rotation, the only refresh token it still takes); the sign-in
    /// keeps the original's as ``SignIn/authenticatedAt``. An *earlier* one is refused: no
    /// provider reports a login before the one the user made.
    public func validateRefreshed(
        _ token: String, original: VerifiedIDToken, now: Date = Date()
    ) async throws(OAuthError) -> VerifiedIDToken {
        let verified = try await verify(token, now: now)
        guard verified.issuer == original.issuer else {
            throw OAuthError.invalidIDToken(.issuerMismatch(expected: original.issuer, found: verified.issuer))
        }
        guard verified.subject == original.subject else { throw OAuthError.invalidIDToken(.subjectChanged) }
        if let authTime = verified.authTime, let originalTime = original.authTime, authTime < originalTime {
            throw OAuthError.invalidIDToken(.authTimeChanged)
        }
        if let nonce = verified.nonce, nonce != original.nonce { throw OAuthError.invalidIDToken(.nonceMismatch) }
        return verified
    }

    /// Verifies a family's shared ID token before a sibling app sends it (OpenID Connect Native
    /// SSO draft 07 §4.1): the provider's signature and issuer, issued to `clientID`, the app that
    /// signed in. Its expiry is the server's to judge: some providers accept an expired one in the
    /// exchange.
    package func validateShared(
        _ token: String, issuedTo clientID: String, now: Date
    ) async throws(OAuthError) -> VerifiedIDToken {
        var issuedTo = self
        issuedTo.clientID = clientID
        return try await issuedTo.verify(token, now: now, checksExpiry: false)
    }

    private static let decoder = JSONDecoder()

    private func verify(
        _ token: String, now: Date, checksExpiry: Bool = true
    ) async throws(OAuthError) -> VerifiedIDToken {
        let jws: CompactJWS
        do {
            jws = try CompactJWS(token)
        } catch {
            throw OAuthError.invalidIDToken(.malformed(error.reason))
        }
        guard allowedAlgorithms.contains(jws.algorithm), let algorithm = JWSAlgorithm(rawValue: jws.algorithm) else {
            throw OAuthError.invalidIDToken(.algorithmNotAllowed(jws.algorithm))
        }
        // The signature over the JWS signing input (RFC 7515 §5.2), with the key the header names;
        // the header's algorithm has been held to the allowed set above.
        let verifier = try await keys.verifier(kid: jws.header.kid, algorithm: algorithm, now: now)
        guard verifier.verify(jws.signature, signs: jws.signingInput) else {
            throw OAuthError.invalidIDToken(.signatureInvalid)
        }
        let payloadData = Data(jws.payload)
        guard let claims = try? Self.decoder.decode(IDTokenPayload.self, from: payloadData) else {
            throw OAuthError.invalidIDToken(.malformed("the payload is not a JSON object of claims"))
        }

        guard let subject = claims.sub, !subject.isEmpty else { throw OAuthError.invalidIDToken(.missingClaim("sub")) }
        guard let found = claims.iss else {
            throw OAuthError.invalidIDToken(.issuerMismatch(expected: issuer, found: nil))
        }
        var expected = issuer
        if let issuerTemplate {
            let allClaims = (try? Self.decoder.decode([String: ClaimValue].self, from: payloadData)) ?? [:]
            let values = allClaims.compactMapValues(\.stringValue)
            guard let resolved = issuerTemplate.resolve(issuer, claims: values) else {
                throw OAuthError.invalidIDToken(.issuerMismatch(expected: issuer, found: found))
            }
            expected = resolved
        }
        guard found == expected else {
            throw OAuthError.invalidIDToken(.issuerMismatch(expected: expected, found: found))
        }

        guard let audience = claims.aud, audience.contains(clientID) else {
            throw OAuthError.invalidIDToken(.audienceMismatch(clientID: clientID))
        }
        if audience.values.count > 1 || claims.azp != nil {
            guard claims.azp == clientID else {
                throw OAuthError.invalidIDToken(.authorizedPartyMismatch(expected: clientID, found: claims.azp))
            }
        }
        guard let exp = claims.exp else { throw OAuthError.invalidIDToken(.missingClaim("exp")) }
        guard let iat = claims.iat else { throw OAuthError.invalidIDToken(.missingClaim("iat")) }
        let expiresAt = Date(timeIntervalSince1970: exp)
        let issuedAt = Date(timeIntervalSince1970: iat)
        guard !checksExpiry || now.timeIntervalSince(expiresAt) < clockSkew else {
            throw OAuthError.invalidIDToken(.expired)
        }
        guard issuedAt.timeIntervalSince(now) <= clockSkew else { throw OAuthError.invalidIDToken(.issuedInTheFuture) }

        return VerifiedIDToken(
            rawValue: token, issuer: found, subject: subject, audiences: audience.values, expiresAt: expiresAt,
            issuedAt: issuedAt, authTime: claims.auth_time.map { Date(timeIntervalSince1970: $0) }, nonce: claims.nonce,
            payload: payloadData)
    }
}
