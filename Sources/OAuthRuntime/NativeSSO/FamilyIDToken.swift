import Foundation

/// The family's ID token, checked before a sibling app sends it: the provider's signature and
/// issuer, issued to the app that signed in, carrying `ds_hash` and `sid` (OpenID Connect Native
/// SSO draft 07 §3.4.1). A token that fails is never sent; its expiry is left to the server.
enum FamilyIDToken {
    static func verified(
        _ shared: FamilySignIn, validator: IDTokenValidator, now: Date
    ) async throws(OAuthError) -> VerifiedIDToken {
        let verified: VerifiedIDToken
        do {
            verified = try await validator.validateShared(shared.idToken, issuedTo: shared.clientID, now: now)
        } catch  where error.kind == .invalidIDToken {
            throw OAuthError(
                .familyIDTokenRefused,
                "expected the family's ID token to be one the provider issued to \"\(shared.clientID)\", found: \(error.idTokenFailure?.description ?? error.message)",
                idTokenFailure: error.idTokenFailure, underlyingError: error)
        }
        let claims = verified.allClaims
        for claim in ["ds_hash", "sid"] where claims[claim]?.stringValue == nil {
            throw OAuthError(
                .familyIDTokenRefused,
                "expected the family's ID token to carry \"\(claim)\" (Native SSO draft 07 §3.4.1), found none",
                idTokenFailure: .missingClaim(claim))
        }
        return verified
    }
}
