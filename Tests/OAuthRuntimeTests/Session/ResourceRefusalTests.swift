@_spi(BuildingBlocks) import OAuthRuntime
import Testing

/// What makes `data(for:)` and the middleware retry: read through the `WWW-Authenticate` parser,
/// not by looking for words in the field (a description that mentions `use_dpop_nonce` made the
/// old check retry).
@Suite struct ResourceRefusalTests {
    /// The nonce rule (RFC 9449 §9) lives here alone; the DPoP sender asks this value too.
    @Test func aDPoPNonceIsAskedForOnlyByADPoPChallengesError() {
        func asksForNonce(_ status: Int, _ field: String?) -> Bool {
            ResourceRefusal(status: status, wwwAuthenticate: field, dpopNonce: "n-1") == .dpopNonce("n-1")
        }
        #expect(
            asksForNonce(
                401, #"DPoP error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof""#))
        #expect(asksForNonce(401, #"Bearer realm="api", DPoP error="use_dpop_nonce""#))
        #expect(!asksForNonce(403, #"DPoP error="use_dpop_nonce""#))
        #expect(!asksForNonce(401, #"DPoP error="invalid_token", error_description="no use_dpop_nonce here""#))
        #expect(!asksForNonce(401, #"Bearer error="use_dpop_nonce""#))
        #expect(!asksForNonce(401, nil))
    }

    /// The one value a refusal is read into, once per response (hardening 4, item 8: the field
    /// was parsed up to four times per response, and three places decided what it asked for).
    @Test func aRefusalIsReadOnceIntoWhatItAsksFor() {
        func refusal(_ status: Int, _ field: String?, nonce: String? = nil) -> ResourceRefusal {
            ResourceRefusal(status: status, wwwAuthenticate: field, dpopNonce: nonce)
        }
        #expect(refusal(401, #"Bearer realm="api", error="invalid_token""#) == .invalidToken)
        #expect(refusal(401, #"DPoP error=invalid_token"#) == .invalidToken)
        // A gateway's Basic challenge beside the Bearer one does not speak for the token.
        #expect(refusal(401, #"Basic realm="gw", Bearer error="invalid_token""#) == .invalidToken)
        #expect(refusal(401, #"Basic error="invalid_token""#) == .unauthorized)
        #expect(
            refusal(401, #"Bearer error="insufficient_scope", error_description="error=\"invalid_token\" is not it""#)
                == .unauthorized)
        #expect(refusal(401, #"Bearer error="invalid_token"#) == .unauthorized)  // unterminated: not a challenge
        #expect(refusal(401, #"Bearer realm="api", DPoP error="use_dpop_nonce""#, nonce: "n-1") == .dpopNonce("n-1"))
        #expect(refusal(401, #"DPoP error="use_dpop_nonce""#) == .unauthorized)  // no nonce to use
        #expect(
            refusal(403, #"Bearer error="insufficient_scope", scope="read write""#)
                == .insufficientScope(["read", "write"]))
        #expect(
            refusal(401, #"Bearer error="insufficient_user_authentication", acr_values="mfa", max_age="0""#)
                == .insufficientAuthentication(acrValues: ["mfa"], maxAge: 0))
        #expect(refusal(401, nil) == .unauthorized)
        #expect(refusal(403, nil) == .other)
        #expect(refusal(500, #"Bearer error="invalid_token""#) == .other)
    }
}
