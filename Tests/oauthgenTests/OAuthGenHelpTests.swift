import Foundation
import Testing
import TestSupport

/// Help is read in a terminal: ArgumentParser wraps it to 80 columns and keeps every newline the
/// text has, so a paragraph hard-wrapped in the source prints as ragged half lines.
@Suite struct OAuthGenHelpTests {
    static let width = 80

    @Test(arguments: [
        ["oauthgen"], ["oauthgen", "generate"], ["oauthgen", "validate"], ["oauthgen", "check-redirect"],
        ["oauthgen", "fetch"], ["oauthgen", "doctor"], ["oauthgen", "init"], ["oauthgen", "import"], ["oauthgen-login"],
    ])
    func helpIsWrappedOnlyByTheTerminalWidth(command: [String]) throws {
        let run = try ProcessRunner.product(command[0], Array(command.dropFirst()) + ["--help"])
        #expect(run.status == 0)
        let lines = run.stdout.components(separatedBy: "\n")
        // ArgumentParser prints the usage line whole, however long.
        for line in lines where !line.hasPrefix("USAGE:") {
            #expect(line.count <= Self.width, "a help line wider than the terminal: \(line)")
        }
        // Before USAGE, the overview and discussion: a prose line followed by more prose must be
        // full, i.e. the next word would not have fitted on it (ArgumentParser keeps lines under the
        // width); otherwise the source broke it.
        let text = lines.prefix { !$0.hasPrefix("USAGE:") }
        for (line, next) in zip(text, text.dropFirst()) where isProse(line) && isProse(next) && !line.hasSuffix(":") {
            let nextWord = next.prefix { $0 != " " }
            #expect(
                line.count + 1 + nextWord.count >= Self.width, "a paragraph broken in the source: '\(line)' / '\(next)'"
            )
        }
    }

    private func isProse(_ line: String) -> Bool {
        guard let first = line.first else { return false }
        return first != " "
    }
}
