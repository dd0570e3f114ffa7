@_spi(BuildingBlocks) @testable import OAuthRuntime

/// Tests compare whole errors: the kind, the message and every field a kind fills in, so an
/// assertion names the specific failure. (The runtime leaves `OAuthError` non-Equatable: its
/// underlying error is any `Error`, and apps compare kinds.)
extension OAuthError: Equatable {
    public static func == (lhs: OAuthError, rhs: OAuthError) -> Bool {
        lhs.kind == rhs.kind && lhs.message == rhs.message && lhs.protocolError == rhs.protocolError
            && lhs.httpStatus == rhs.httpStatus && lhs.idTokenFailure == rhs.idTokenFailure
    }
}

extension SignIn where Provider == DiscoveredProvider {
    /// A sign-in without an ID token, which `init` never refuses for a provider described at
    /// run time; for tests of sessions and stores.
    public static func withoutIDToken(_ tokens: TokenSet) -> SignIn {
        guard let signIn = try? SignIn(tokens: tokens, idToken: nil) else {
            preconditionFailure("a sign-in without an ID token is always valid here")
        }
        return signIn
    }
}
