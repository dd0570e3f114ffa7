import ArgumentParser
import Foundation
import OAuthRuntime

/// The clients' secrets, from argv (which every local user can read in the process list), a file
/// only its owner can read, or the environment: at most one of the three for each.
struct SecretOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            With --identity-provider: the secret of --client-id at the server's authorization server. \
            Every local user sees argv: prefer --client-secret-file or MCP_CLIENT_SECRET.
            """, valueName: "secret"))
    var clientSecret: String?

    @Option(help: ArgumentHelp("--client-secret from a file only its owner can read (chmod 600).", valueName: "file"))
    var clientSecretFile: String?

    @Option(
        help: ArgumentHelp(
            """
            With --identity-provider: that client's secret, where it requires one. Every local user sees argv: \
            prefer --identity-client-secret-file or MCP_IDENTITY_CLIENT_SECRET.
            """, valueName: "secret"))
    var identityClientSecret: String?

    @Option(
        help: ArgumentHelp(
            "--identity-client-secret from a file only its owner can read (chmod 600).", valueName: "file"))
    var identityClientSecretFile: String?

    /// --client-secret from wherever it was given.
    func serverSecret() throws -> String? {
        try Self.secret(
            option: "--client-secret", value: clientSecret, file: clientSecretFile, variable: "MCP_CLIENT_SECRET")
    }

    /// --identity-client-secret from wherever it was given.
    func identitySecret() throws -> String? {
        try Self.secret(
            option: "--identity-client-secret", value: identityClientSecret, file: identityClientSecretFile,
            variable: "MCP_IDENTITY_CLIENT_SECRET")
    }

    private static func secret(option: String, value: String?, file: String?, variable: String) throws -> String? {
        let environment = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        let given = [value.map { _ in option }, file.map { _ in option + "-file" }, environment.map { _ in variable }]
            .compactMap { $0 }
        guard given.count <= 1 else {
            throw ValidationError(
                "expected one of \(option), \(option)-file or \(variable), found \(given.joined(separator: " and "))")
        }
        if let file { return try OwnerOnlyFile.secret(at: file, holding: "client secret") }
        return value ?? environment
    }
}
