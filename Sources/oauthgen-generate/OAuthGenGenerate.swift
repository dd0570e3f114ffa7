import Foundation
import OAuthGenCore

/// The tool the SwiftPM plugins run: `oauthgen generate` and nothing else.
///
/// Lean on purpose, since every app's clean build compiles it for the host: the plugins call it
/// with fixed arguments, so it reads them itself instead of linking swift-argument-parser, and it
/// links no networking (the `oauthgen` CLI's `fetch` does). It runs the same `GenerateRun` as
/// `oauthgen generate`, with the same options, so the build and the CLI cannot disagree.
@main
enum OAuthGenGenerate {
    static let usage = """
        usage: oauthgen-generate generate <input>... --output <dir> [--config <file>] [--access-level internal|public] [--templates <dir>]

        The SwiftPM plugins' generator: `oauthgen generate` (see `oauthgen generate --help`).

        """

    static func main() {
        switch GenerateArguments.parse(Array(CommandLine.arguments.dropFirst())) {
        case .help:
            CommandOutput.standardOutput(usage)
        case .invalid(let problem):
            StandardError.write("error: \(problem)\n" + usage)
            exit(64)  // EX_USAGE, as swift-argument-parser exits on a usage error
        case .generate(let request):
            exit(GenerateRun.run(request) ? 0 : 1)
        }
    }
}
