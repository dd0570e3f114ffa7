import ArgumentParser
import OAuthResources

/// `oauthgen-login`'s options: what the run prints.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print one JSON object on standard output.")
    var json = false

    @Flag(help: "Include the raw tokens in the output.")
    var showTokens = false

    @Flag(
        name: .shortAndLong,
        help: "Say nothing on standard error while the run works (errors and a device code are still shown).")
    var quiet = false

    @Flag(
        name: .shortAndLong,
        help: "Print the run's log at debug level on standard error instead of its progress (never a token).")
    var verbose = false

    /// What the run says on standard error while it works.
    var progressMode: TerminalProgress.Mode { quiet ? .quiet : verbose ? .verbose : .steps }
}
