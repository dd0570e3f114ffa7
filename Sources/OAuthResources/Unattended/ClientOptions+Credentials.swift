@_spi(BuildingBlocks) import OAuthRuntime

extension ClientOptions {
    /// These options for a confidential client that authenticates with `secret` or `key` at the
    /// token endpoint (client credentials, an enterprise client).
    func authenticating(secret: String?, key: ClientKey?) -> ClientOptions {
        var options = self
        options.clientSecret = secret
        options.clientKey = key
        return options
    }
}
