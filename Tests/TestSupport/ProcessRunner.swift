import Foundation
import OAuthLocking

/// Runs the package's built executables and other programs from tests, as a shell would.
public enum ProcessRunner {
    public struct Run: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Whether the program was terminated for running past its timeout.
        public var timedOut = false

        /// A run that ended with `status`, having written `stdout` and `stderr`.
        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }

        public var stderrLines: [String] {
            stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }

        /// Standard error without `oauthgen-login`'s progress lines (each ends in "…", or in the
        /// time left after it): what a run reported.
        public var stderrWithoutProgress: String {
            stderr.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasSuffix("…") && !($0.contains("… (") && $0.hasSuffix(" left)")) }
                .joined(separator: "\n")
        }
    }

    /// The directory holding the built products (executables and the `Modules` folder).
    public static let productsDirectory: URL = {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }()

    /// The package root.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The port a test peer prints as its first line, `PORT <n>` (Tests/Support/django-provider's
    /// peers), read from its standard output; `nil` with what it printed instead.
    public static func announcedPort(_ output: Pipe) -> (port: Int?, printed: String) {
        let text = String(decoding: firstLine(output), as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5).prefix { $0.isNumber }) else {
            return (nil, text)
        }
        return (port, text)
    }

    /// What a started program wrote up to its first newline (or its end): a test peer's
    /// announcement, read as it comes.
    public static func firstLine(_ output: Pipe) -> Data {
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        return line
    }

    /// The first executable named `name` on the PATH.
    public static func which(_ name: String) -> URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs a built product of this package by name.
    public static func product(_ name: String, _ arguments: [String], in directory: URL = packageRoot) throws -> Run {
        try run(productsDirectory.appendingPathComponent(name), arguments, in: directory)
    }

    /// ``product(_:_:in:)`` for async tests, waiting off the cooperative pool as
    /// ``runDetached(_:_:in:environment:)`` does.
    public static func productDetached(
        _ name: String, _ arguments: [String], in directory: URL = packageRoot
    ) async throws -> Run {
        try await runDetached(productsDirectory.appendingPathComponent(name), arguments, in: directory)
    }

    /// ``run(_:_:in:environment:)`` for async tests: the wait happens on a dispatch thread, not on
    /// one of the two threads Swift's cooperative pool has on a 2-core machine, where a few
    /// blocked waits would stall every other test's tasks (and time out their listeners).
    public static func runDetached(
        _ executable: URL, _ arguments: [String], in directory: URL = packageRoot,
        environment: [String: String] = [:], timeout: TimeInterval? = nil
    ) async throws -> Run {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        try run(executable, arguments, in: directory, environment: environment, timeout: timeout)
                    })
            }
        }
    }

    /// How long a run may take unless its caller says otherwise: longer than any build an
    /// example package's test runs, shorter than CI's limit, so a run that never ends fails as
    /// itself instead of stopping the suite.
    public static let longestRun: TimeInterval = 1500

    /// Runs a program to its end; `environment` is added to this process's own. A program still
    /// running after `timeout` seconds is killed and the run says so (``Run/timedOut``): a test
    /// of "this never hangs" fails instead of hanging the suite.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL = packageRoot,
        environment: [String: String] = [:], timeout: TimeInterval? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        process.currentDirectoryURL = directory
        // stderr goes to a file, so a child writing a lot to both streams can never block on a
        // full pipe while stdout is being read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        let output = try ProcessLaunch.serialized {
            let output = closedOnExec(Pipe())
            process.standardOutput = output
            process.standardError = errorHandle
            try process.run()
            return output
        }
        let expired = LockedBox(false)
        let watchdog = DispatchWorkItem {
            expired.value = true
            // SIGKILL: a program started from a dispatch thread has SIGTERM blocked (Process+End).
            if process.exitStatus == nil { kill(process.processIdentifier, SIGKILL) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + (timeout ?? longestRun), execute: watchdog)
        let outData = readUntilExit(output.fileHandleForReading, of: process)
        // Not `waitUntilExit()`: see `Process.exitStatus`. The watchdog's kill ends this wait.
        let status = process.waitForExit(within: (timeout ?? longestRun) + 60)
        watchdog.cancel()
        try errorHandle.close()
        let errData = (try? Data(contentsOf: errorFile)) ?? Data()
        var run = Run(
            status: status ?? -1, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
        run.timedOut = expired.value
        return run
    }

    /// `pipe`, its two ends closed in every program started from now on: only the one it is
    /// given to (as its standard output, a copy that stays open) holds it. Foundation's `Process`
    /// on Linux closes no descriptor it did not set up, so a server another test started at the
    /// same moment kept an `oauthgen-login`'s output open, and the run read it for good.
    public static func closedOnExec(_ pipe: Pipe) -> Pipe {
        for descriptor in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return pipe
    }

    /// What `process` writes to `output` until it ends, and what is left in the pipe then; not
    /// its end of file, which a program started elsewhere before ``closedOnExec(_:)`` could still
    /// hold off. The pipe is read as it fills, so a program writing more than it holds never blocks.
    static func readUntilExit(_ output: FileHandle, of process: Process) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let descriptor = output.fileDescriptor
        while true {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let count = poll(&ready, 1, 200)
            if count > 0 {
                let read = Foundation.read(descriptor, &buffer, buffer.count)
                if read > 0 {
                    data.append(contentsOf: buffer[0..<read])
                    continue
                }
                if read < 0, errno == EINTR || errno == EAGAIN { continue }
                return data
            }
            if count < 0, errno == EINTR { continue }
            // 200 ms without a byte: once the program has ended, all it wrote has been read.
            if process.exitStatus != nil { return data }
        }
    }
}
