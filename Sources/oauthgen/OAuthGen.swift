import ArgumentParser
import OAuthGenCLI

@main
struct OAuthGen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oauthgen",
        abstract:
            "Check OAuth 2.0 / OpenID Connect provider descriptions and generate typed, RFC 8252-correct Swift clients.",
        discussion: """
            Each provider is described by files named after it, side by side:
              <name>.openid-configuration.json
                  its pinned OpenID Connect discovery document, or
              <name>.oauth-authorization-server.json
                  its pinned RFC 8414 metadata
              <name>.quirks.plist
                  the app's client ID, redirect URIs, scopes and the provider's
                  deviations from the standards

            Findings print to standard error as `path:line:column: severity: message [rule] (reference)`, \
            the form Xcode, `swift build` and editors attach to the offending line.
            """,
        subcommands: [
            InitCommand.self, GenerateCommand.self, ValidateCommand.self, DoctorCommand.self, CheckRedirectCommand.self,
            FetchCommand.self, ImportCommand.self,
        ]
    )
}
