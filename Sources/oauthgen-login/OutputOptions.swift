import ArgumentParser

/// `oauthgen-login`'s options: what the run prints.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print one JSON object on standard output.")
    var json = false

    @Flag(help: "Include the raw tokens in the output.")
    var showTokens = false
}
