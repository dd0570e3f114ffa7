import OAuthRuntime

/// GitHub's quirk file names no device authorization endpoint: the device grant is a compile error.
func startDeviceSignIn(on client: OAuthClient<GitHub>) async throws {
    _ = try await client.authorizeDevice()
}
