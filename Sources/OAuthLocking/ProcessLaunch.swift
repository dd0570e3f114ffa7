import Foundation

// Where Foundation has `Process`: not on iOS, tvOS, watchOS or visionOS.
#if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
/// Starts child processes one at a time within this process.
///
/// Foundation's `Process.run()` on Linux learns that a child ended when the child's end of a
/// socket pair it makes for that child closes; emulating close-on-exec, it closes in the child
/// every descriptor open when it lists them, just before the spawn. A pair another thread makes
/// between that list and the spawn stays open in the new child, and a long-lived child (a test
/// server, a browser) holding it hides the other child's end for good: that child's
/// `waitUntilExit()` never returns and its termination handler never runs. A clean-clone CI run
/// hung for its whole 90 minutes on that (an `openssl` run whose end was never seen, beside a
/// server started at the same moment). Every launch in the package goes through here.
package enum ProcessLaunch {
    private static let lock = NSLock()

    /// Runs `body` while no other launch in this process runs: `body` makes the descriptors a
    /// child is given (pipes whose end of file a caller waits for) and calls `Process.run()`.
    package static func serialized<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }

    /// Starts `process` while no other launch in this process runs.
    package static func run(_ process: Process) throws {
        try serialized { try process.run() }
    }
}
#endif
