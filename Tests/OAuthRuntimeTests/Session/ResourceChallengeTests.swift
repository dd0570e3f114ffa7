@_spi(BuildingBlocks) import OAuthRuntime
import Testing

/// What makes `data(for:)` and the middleware retry: read through the `WWW-Authenticate` parser,
/// not by looking for words in the field (a description that mentions `use_dpop_nonce` made the
/// old check retry).
@Suite struct ResourceChallengeTests {
    @Test func aDPoPNonceIsAskedForOnlyByADPoPChallengesError() {
        #expect(ResourceChallenge.asksForDPoPNonce(status: 401, wwwAuthenticate: #"DPoP error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof""#))
        #expect(ResourceChallenge.asksForDPoPNonce(status: 401, wwwAuthenticate: #"Bearer realm="api", DPoP error="use_dpop_nonce""#))
        #expect(!ResourceChallenge.asksForDPoPNonce(status: 403, wwwAuthenticate: #"DPoP error="use_dpop_nonce""#))
        #expect(!ResourceChallenge.asksForDPoPNonce(status: 401, wwwAuthenticate: #"DPoP error="invalid_token", error_description="no use_dpop_nonce here""#))
        #expect(!ResourceChallenge.asksForDPoPNonce(status: 401, wwwAuthenticate: #"Bearer error="use_dpop_nonce""#))
        #expect(!ResourceChallenge.asksForDPoPNonce(status: 401, wwwAuthenticate: nil))
    }

    @Test func anInvalidTokenIsSaidByABearerOrDPoPChallengesError() {
        #expect(ResourceChallenge.saysInvalidToken(wwwAuthenticate: #"Bearer realm="api", error="invalid_token""#))
        #expect(ResourceChallenge.saysInvalidToken(wwwAuthenticate: #"DPoP error=invalid_token"#))
        #expect(!ResourceChallenge.saysInvalidToken(wwwAuthenticate: #"Bearer error="insufficient_scope", error_description="error=\"invalid_token\" is not it""#))
        #expect(!ResourceChallenge.saysInvalidToken(wwwAuthenticate: #"Basic error="invalid_token""#))
        #expect(!ResourceChallenge.saysInvalidToken(wwwAuthenticate: #"Bearer error="invalid_token"#))  // unterminated: not a challenge
    }
}
