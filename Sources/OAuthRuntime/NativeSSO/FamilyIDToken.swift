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
        if let claim = missingClaim(in: verified) {
            throw OAuthError(
                .familyIDTokenRefused,
                "expected the family's ID token to carry \"\(claim)\" (Native SSO draft 07 §3.4.1), found none",
                idTokenFailure: .missingClaim(claim))
        }
        return verified
    }

    /// The first of `ds_hash` and `sid` (§3.4.1) the ID token lacks; `nil` for one a sibling can
    /// be signed in from.
    static func missingClaim(in token: VerifiedIDToken) -> String? {
        let claims = token.allClaims
        return ["ds_hash", "sid"].first { claims[$0]?.stringValue == nil }
    }
}
