import Foundation

extension OAuthSession where Provider: SupportsUserInfo {
    /// The signed-in user's userinfo, with a valid access token (refreshed first if needed).
    public func userInfo() async throws(OAuthError) -> Provider.UserInfo {
        _ = try await validAccessToken()
        guard let signIn = try await currentSignIn() else { throw OAuthError.notSignedIn }
        return try await client.userInfo(signIn)
    }
}
