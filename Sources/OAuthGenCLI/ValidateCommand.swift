import ArgumentParser
import OAuthGenCore

package struct ValidateCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check provider files without generating anything.",
        discussion: """
            Runs every rule — redirect URIs against RFC 8252, discovery documents against OpenID \
            Connect Discovery 1.0 and RFC 8414, redirect URIs shared between providers (RFC 8252 \
            §8.10) — and prints all findings, notes included. Exits 1 if any finding is an error.

            With --format json, standard output gets:
              {"diagnostics":[{"file":…,"line":…,"column":…,
                               "severity":"error|warning|note",
                               "rule":…,"message":…,"reference":…}]}
            """
    )

    @Argument(help: ArgumentHelp("Provider files, or directories to search for them.", valueName: "input"))
    package var inputs: [String]

    @Option(help: "text: compiler-style lines on standard error; json: one document on standard output.")
    package var format: OutputFormat = .text

    @Option(
        help: ArgumentHelp(
            "An oauthgen.json with the access level, platforms and providers to include.", valueName: "file"))
    package var config: String?

    struct Report: Encodable {
        var diagnostics: [DiagnosticPrinter.JSONDiagnostic]
    }

    package init() {}

    package func run() throws {
        let configuration = try ConfigurationOption.load(config)
        let diagnostics = Generator.validate(paths: inputs, configuration: configuration).diagnostics.sortedByLocation()
        switch format {
        case .text: DiagnosticPrinter.printText(diagnostics)
        case .json:
            DiagnosticPrinter.printJSON(Report(diagnostics: diagnostics.map(DiagnosticPrinter.JSONDiagnostic.init)))
        }
        if diagnostics.containsErrors { throw ExitCode.failure }
    }
}
