import Foundation
import OAuthLocking
import Testing
import TestSupport

/// The test runner's own child processes: a run ends when its program does, whatever else
/// still holds what the program held. A clean-clone CI run hung for 90 minutes on an `openssl`
/// run whose end Foundation never saw: a server started beside it kept the socket Foundation
/// watches for that end.
struct ProcessRunnerTests {
    /// A shell that leaves a background child holding everything it inherited, Foundation's
    /// socket included, and exits: the run ends with the shell's status, not the child's end.
    @Test func aRunEndsWhenItsProgramDoesThoughAChildOutlivesIt() throws {
        let run = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "sleep 120 >/dev/null 2>/dev/null </dev/null & echo $!; exit 3"], timeout: 60)
        let child = try #require(Int32(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(child, SIGKILL)
        #expect(!run.timedOut, "the run waited for the shell's child")
        #expect(run.status == 3)
    }

    /// A program that outlives its timeout is killed, and the run says so.
    @Test func aProgramPastItsTimeoutIsKilled() throws {
        let run = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sleep"), ["120"], timeout: 1)
        #expect(run.timedOut)
        #expect(run.status == SIGKILL)
    }

    /// `end()` returns once a peer is gone, though a child of its own still runs.
    @Test func endingAPeerReturnsThoughAChildOutlivesIt() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "sleep 120 >/dev/null 2>/dev/null </dev/null & echo $! >&2; sleep 120"]
        let errors = Pipe()
        process.standardError = errors
        try ProcessLaunch.run(process)
        let child = try #require(
            Int32(
                String(decoding: ProcessRunner.firstLine(errors), as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        defer { kill(child, SIGKILL) }
        process.end()
        #expect(process.exitStatus == SIGKILL)
    }
}
