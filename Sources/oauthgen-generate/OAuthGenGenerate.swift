import ArgumentParser
import OAuthGenCLI

/// The tool the SwiftPM plugins run: `oauthgen generate` and nothing else.
///
/// A separate executable so an app's build never loads networking: `oauthgen fetch` links
/// FoundationNetworking (and through it libcurl), which on Linux adds about 10 ms to every start
/// of the tool, and the plugin never fetches. The command is the same `GenerateCommand` the
/// `oauthgen` CLI runs, so the build and the CLI cannot disagree.
@main
struct OAuthGenGenerate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oauthgen-generate",
        abstract: "The SwiftPM plugins' generator: `oauthgen generate` without the networking commands.",
        subcommands: [GenerateCommand.self]
    )
}
