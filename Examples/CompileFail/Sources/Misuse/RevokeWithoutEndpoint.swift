import OAuthRuntime

/// Entra publishes no revocation endpoint: revoking is a compile error, not a run-time one.
func revoke(_ token: String, on client: OAuthClient<MicrosoftEntra>) async throws {
    try await client.revoke(token)
}
