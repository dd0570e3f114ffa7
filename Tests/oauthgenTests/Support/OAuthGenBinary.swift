import Foundation

/// Runs the real, built `oauthgen` executable, as a build plugin or a shell would.
enum OAuthGenBinary {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    }

    /// The directory holding the built products (the `oauthgen` binary and the `Modules` folder).
    static let productsDirectory: URL = {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }()

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ arguments: [String], in directory: URL = packageRoot) throws -> Run {
        try runProcess(productsDirectory.appendingPathComponent("oauthgen"), arguments, in: directory)
    }

    static func runProcess(_ executable: URL, _ arguments: [String], in directory: URL = packageRoot) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes before waiting, so a chatty child cannot block on a full pipe.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }
}

func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func contents(of directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}
