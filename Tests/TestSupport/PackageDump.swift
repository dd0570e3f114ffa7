import Foundation

/// A package's manifest as SwiftPM evaluates it (`swift package dump-package`).
public enum PackageDump {
    /// Why a dump failed: SwiftPM's exit status and what it said.
    public struct Failed: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The manifest of the package at `directory` as JSON objects, this package's by default.
    public static func manifest(at directory: URL = ProcessRunner.packageRoot) async throws -> [String: Any] {
        let swift = ProcessRunner.which("swift") ?? URL(fileURLWithPath: "/usr/bin/swift")
        // A scratch path of its own: `swift test` holds the lock on `.build` while tests run.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Off the cooperative pool: compiling a manifest takes a second or more.
        let run = try await ProcessRunner.runDetached(
            swift, ["package", "--package-path", directory.path, "--scratch-path", scratch.path, "dump-package"])
        guard run.status == 0,
            let manifest = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        else {
            throw Failed(
                description: "swift package dump-package in \(directory.path): exit \(run.status), \(run.stderr)")
        }
        return manifest
    }

    /// The names of the manifest's products.
    public static func productNames(of manifest: [String: Any]) -> Set<String> {
        Set((manifest["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
    }
}
