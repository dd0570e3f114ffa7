import Foundation
import TestSupport

/// Runs the real, built `oauthgen` executable, as a build plugin or a shell would.
enum OAuthGenBinary {
    static var productsDirectory: URL { ProcessRunner.productsDirectory }
    static var packageRoot: URL { ProcessRunner.packageRoot }

    static func run(_ arguments: [String], in directory: URL = ProcessRunner.packageRoot) throws -> ProcessRunner.Run {
        try ProcessRunner.product("oauthgen", arguments, in: directory)
    }

    static func runProcess(_ executable: URL, _ arguments: [String]) throws -> ProcessRunner.Run {
        try ProcessRunner.run(executable, arguments)
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
