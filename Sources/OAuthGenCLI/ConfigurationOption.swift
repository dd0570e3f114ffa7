import ArgumentParser
import OAuthGenCore

/// `--config oauthgen.json`, shared by `generate` and `validate`.
package enum ConfigurationOption {
    /// The configuration, or an empty one without `--config`; findings in the file are printed and
    /// an error in it ends the command.
    package static func load(_ path: String?) throws -> GeneratorConfiguration {
        guard let configuration = GenerateRun.loadConfiguration(path) else { throw ExitCode.failure }
        return configuration
    }
}
