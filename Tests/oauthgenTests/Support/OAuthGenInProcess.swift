import ArgumentParser
@testable import oauthgen
import OAuthGenCLI
import OAuthGenCore
import TestSupport

/// Parses and runs an `oauthgen` command inside the test process, as swift-argument-parser's
/// own test helpers do, with both output streams captured: a few milliseconds where a process
/// costs a launch. What only a real process shows (the exit of the binary, its environment, a
/// plugin running it) stays with ``OAuthGenBinary``. Paths resolve against the test process's
/// working directory, the package root under `swift test`.
enum OAuthGenInProcess {
    static func run(_ arguments: [String]) async -> ProcessRunner.Run {
        let capture = CommandOutput.Capture()
        let status: Int32 = await CommandOutput.$capture.withValue(capture) {
            do {
                var command = try OAuthGen.parseAsRoot(arguments)
                if var asynchronous = command as? AsyncParsableCommand {
                    try await asynchronous.run()
                } else {
                    try command.run()
                }
                return 0
            } catch {
                // What `OAuthGen.main()` would print: help and clean exits to standard output,
                // everything else to standard error.
                let code = OAuthGen.exitCode(for: error)
                let message = OAuthGen.fullMessage(for: error)
                if !message.isEmpty {
                    if code == .success {
                        CommandOutput.standardOutput(message + "\n")
                    } else {
                        CommandOutput.standardError(message + "\n")
                    }
                }
                return code.rawValue
            }
        }
        return ProcessRunner.Run(status: status, stdout: capture.standardOutput, stderr: capture.standardError)
    }
}
