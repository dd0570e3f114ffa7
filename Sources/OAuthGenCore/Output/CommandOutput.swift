import Foundation
internal import OAuthLocking

/// Where the commands' output goes: the process's standard output and error, or, for a command a
/// test runs in-process, the ``Capture`` bound to the running task — so tests can parse and run
/// commands without a process each (as swift-argument-parser's own test helpers do).
package enum CommandOutput {
    /// Both streams of one in-process run.
    package struct Capture: Sendable {
        private let out = LockedBox("")
        private let err = LockedBox("")

        package init() {}

        package var standardOutput: String { out.value }
        package var standardError: String { err.value }

        func append(output text: String) { out.withLock { $0 += text } }
        func append(error text: String) { err.withLock { $0 += text } }
    }

    /// The capture of the task running a command in-process; `nil` in the real executables.
    @TaskLocal package static var capture: Capture?

    /// Writes `text` as is (add the newline) to standard output.
    package static func standardOutput(_ text: String) {
        if let capture { capture.append(output: text) } else { FileHandle.standardOutput.write(Data(text.utf8)) }
    }

    /// Writes `text` as is (add the newline) to standard error.
    package static func standardError(_ text: String) {
        if let capture { capture.append(error: text) } else { FileHandle.standardError.write(Data(text.utf8)) }
    }
}
