import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

extension OAuthGenLogin {
    /// The environment variables that may hold the secrets instead of argv.
    static let clientSecretVariable = "OAUTHGEN_CLIENT_SECRET"
    static let identityClientSecretVariable = "OAUTHGEN_IDENTITY_CLIENT_SECRET"

    /// This command with `--client-secret` and `--identity-client-secret` taken from wherever one
    /// was given: the option, its file or its environment variable, at most one of the three
    /// (issue 45, G3: a secret on argv is in every local user's `ps`).
    func withSecretsResolved(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(OAuthError) -> OAuthGenLogin {
        var command = self
        command.clientIdentity.clientSecret = try Self.secret(
            option: "--client-secret", value: clientIdentity.clientSecret, file: clientIdentity.clientSecretFile,
            variable: Self.clientSecretVariable, environment: environment)
        command.enterpriseOptions.identityClientSecret = try Self.secret(
            option: "--identity-client-secret", value: enterpriseOptions.identityClientSecret,
            file: enterpriseOptions.identityClientSecretFile,
            variable: Self.identityClientSecretVariable, environment: environment)
        return command
    }

    static func secret(
        option: String, value: String?, file: String?, variable: String, environment: [String: String]
    ) throws(OAuthError) -> String? {
        let fromEnvironment = environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        let given = [
            value != nil ? option : nil, file != nil ? option + "-file" : nil, fromEnvironment != nil ? variable : nil,
        ].compactMap { $0 }
        guard given.count <= 1 else {
            throw OAuthError(
                .invalidConfiguration,
                "expected one of \(option), \(option)-file or \(variable), found \(given.joined(separator: " and "))")
        }
        if let file { return try OwnerOnlyFile.secret(at: file, holding: "client secret") }
        return value ?? fromEnvironment
    }
}
