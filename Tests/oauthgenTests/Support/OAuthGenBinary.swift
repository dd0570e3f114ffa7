import Foundation
import TestSupport

/// Runs the real, built `oauthgen` executable, as a build plugin or a shell would: waiting off
/// Swift's cooperative pool, whose two threads on a 2-core machine every other test needs (runs
/// that blocked them stalled the suite's timed waits for a minute beside two builds).
enum OAuthGenBinary {
    static var productsDirectory: URL { ProcessRunner.productsDirectory }
    static var packageRoot: URL { ProcessRunner.packageRoot }

    static func run(
        _ arguments: [String], in directory: URL = ProcessRunner.packageRoot
    ) async throws -> ProcessRunner.Run {
        try await ProcessRunner.productDetached("oauthgen", arguments, in: directory)
    }

    static func runProcess(_ executable: URL, _ arguments: [String]) async throws -> ProcessRunner.Run {
        try await ProcessRunner.runDetached(executable, arguments)
    }

    /// The real compiler on every Swift file of `directory`, against the built `OAuthRuntime`
    /// module, in Swift 6 mode with warnings as errors: generated code must compile clean.
    static func typecheck(_ directory: URL) async throws -> ProcessRunner.Run {
        let modules = productsDirectory.appendingPathComponent("Modules")
        let includes = FileManager.default.fileExists(atPath: modules.path) ? modules : productsDirectory
        let sources = contents(of: directory).filter { $0.hasSuffix(".swift") }.map {
            directory.appendingPathComponent($0).path
        }
        guard let swiftc = ProcessRunner.which("swiftc") else { throw MissingCompiler() }
        return try await runProcess(
            swiftc, ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", includes.path] + sources)
    }

    /// No `swiftc` on the PATH.
    struct MissingCompiler: Error {}
}

func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func contents(of directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}
