import OAuthRuntime

/// A Google client cannot be made from Entra's configuration: only a provider described at run
/// time takes a configuration.
func mixedUp() throws {
    _ = try OAuthClient<Google>(configuration: MicrosoftEntra.configuration)
}
