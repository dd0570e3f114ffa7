import ArgumentParser
import OAuthGenCore

package struct GenerateCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate one Swift client per provider.",
        discussion: """
            Checks every input first. If any error is found, nothing is written and the exit status \
            is 1. Otherwise one `<provider>.oauthgen.swift` per provider is written into the output directory, \
            atomically; files whose contents would not change are left untouched, so a rebuild \
            recompiles nothing. Errors and warnings go to standard error; a clean run prints nothing.

            Example:
              oauthgen generate Examples/Providers --output Sources/MyApp/OAuthClients
            """
    )

    @Argument(help: ArgumentHelp("Provider files, or directories to search for them.", valueName: "input"))
    package var inputs: [String]

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The directory to write the generated Swift files into.", valueName: "dir"))
    package var output: String

    @Option(
        help:
            "The access level of the generated types: internal (the default, for use inside the target) or public (for a library that vends the clients)."
    )
    package var accessLevel: AccessLevel?

    @Option(
        help: ArgumentHelp(
            "An oauthgen.json with the access level, platforms and providers to include.", valueName: "file"))
    package var config: String?

    @Option(
        help: ArgumentHelp(
            "A directory with ProviderClient.mustache to use instead of the built-in template.", valueName: "dir"))
    package var templates: String?

    package init() {}

    package func run() throws {
        let request = GenerateRun.Request(
            inputs: inputs, output: output, accessLevel: accessLevel, configurationPath: config,
            templatesDirectory: templates)
        guard GenerateRun.run(request) else { throw ExitCode.failure }
    }
}

extension AccessLevel: ExpressibleByArgument {}
