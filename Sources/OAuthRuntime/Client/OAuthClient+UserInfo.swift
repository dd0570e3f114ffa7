import Foundation

extension OAuthClient where Provider: SupportsUserInfo {
    /// The userinfo response as the provider's `UserInfo`. For an OpenID provider its `sub` must
    /// equal the ID token's (OIDC Core §5.3.2); an OAuth-only provider's has no such member.
    public func userInfo(_ signIn: SignIn<Provider>) async throws(OAuthError) -> Provider.UserInfo {
        guard let endpoint = configuration.endpoints.userinfo else {
            throw OAuthError.missingEndpoint("userinfo endpoint")
        }
        let response = try await sendAuthorized(
            HTTPRequest(method: "GET", url: endpoint, headers: ["Accept": "application/json"]),
            tokens: signIn.tokens, name: "userinfo endpoint")
        guard response.status == 200 else {
            throw OAuthError.unexpectedResponse(
                status: response.status, contentType: response.mediaType, endpoint: "userinfo endpoint")
        }
        // A signed userinfo response (application/jwt) would need its own verification; not accepted.
        guard response.mediaType == "application/json" || response.mediaType == nil else {
            throw OAuthError.invalidUserInfo(
                "a response of type \(response.mediaType ?? "none") (only JSON is accepted)")
        }
        if isOpenID {
            guard let object = try? JSONDecoder().decode([String: ClaimValue].self, from: response.body) else {
                throw OAuthError.invalidUserInfo("a body that is not a JSON object")
            }
            guard let subject = object["sub"]?.stringValue else {
                throw OAuthError.invalidUserInfo("no \"sub\" string")
            }
            if let expected = signIn.idToken?.subject, subject != expected { throw OAuthError.userInfoSubjectMismatch }
        }
        do {
            return try JSONDecoder().decode(Provider.UserInfo.self, from: response.body)
        } catch {
            throw OAuthError.invalidUserInfo(
                "a body that does not decode as \(Provider.UserInfo.self): \(DecodingErrorText.describe(error))",
                underlying: error)
        }
    }
}
