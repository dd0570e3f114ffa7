import Foundation
import PackagePlugin

// Shared by the three plugins (a plugin cannot depend on a library target, so each has a symlink
// to this folder, as swift-openapi-generator's plugins share PluginsShared/).

/// The provider files among a target's files, and the build command they need.
struct ProviderInputs {
    static let suffixes = [
        ".openid-configuration.json", ".oauth-authorization-server.json", ".quirks.plist",
        ".oauth-protected-resource.json", ".client-metadata.json",
    ]

    var providerFiles: [URL] = []
    var configuration: URL?

    init(files: [URL]) {
        for file in files {
            let name = file.lastPathComponent
            if name == "oauthgen.json" {
                configuration = file
            } else if Self.provider(of: name) != nil {
                providerFiles.append(file)
            }
        }
        providerFiles.sort { $0.path < $1.path }
    }

    var isEmpty: Bool { providerFiles.isEmpty }

    /// `google.quirks.plist` → `google`.
    static func provider(of fileName: String) -> String? {
        for suffix in suffixes where fileName.hasSuffix(suffix) && fileName.count > suffix.count {
            return String(fileName.dropLast(suffix.count))
        }
        return nil
    }

    /// `oauthgen.json` as an object, or `nil`: a malformed file is the tool's to report, at its line.
    private var configurationObject: [String: Any]? {
        guard let configuration, let data = try? Data(contentsOf: configuration) else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    /// The providers to generate: all, or those `oauthgen.json` lists. A malformed file selects
    /// all here; the tool then reports it at its line and fails the build.
    func selectedProviders() -> [String] {
        let all = Set(providerFiles.compactMap { Self.provider(of: $0.lastPathComponent) })
        guard let listed = configurationObject?["providers"] as? [String] else { return all.sorted() }
        return all.intersection(listed).sorted()
    }

    /// The app's `Info.plist` and entitlements that `oauthgen.json` names (relative to it), which
    /// the tool checks: inputs too, so editing one runs the check again.
    func appFiles() -> [URL] {
        guard let configuration, let object = configurationObject else { return [] }
        let folder = configuration.deletingLastPathComponent()
        return ["infoPlist", "entitlements"].compactMap { key in
            guard let path = object[key] as? String, !path.isEmpty else { return nil }
            return path.hasPrefix("/")
                ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path).standardizedFileURL
        }
    }

    func command(tool: URL, workDirectory: URL) throws -> Command {
        let output = workDirectory.appendingPathComponent("GeneratedSources")
        // The same rule as `ModelBuilder.outputFileName(forProvider:)` in OAuthGenCore.
        let outputs = selectedProviders().map { output.appendingPathComponent("\($0).oauthgen.swift") }
        var arguments = ["generate"] + providerFiles.map(\.path) + ["--output", output.path]
        var inputFiles = providerFiles
        if let configuration {
            arguments += ["--config", configuration.path]
            inputFiles.append(configuration)
            inputFiles += appFiles()
        }
        return .buildCommand(
            displayName: "Generating OAuth clients for \(outputs.count) provider\(outputs.count == 1 ? "" : "s")",
            executable: tool, arguments: arguments, inputFiles: inputFiles, outputFiles: outputs)
    }
}
