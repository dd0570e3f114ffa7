import Foundation
import PackagePlugin

/// `swift package generate-oauth-clients [--target NAME]…`: writes the generated clients into a
/// `Generated/` folder beside each target's provider files, for teams that commit generated code
/// instead of applying `OAuthGenPlugin` (use one or the other on a target, not both).
@main
struct OAuthGenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let tool = try context.tool(named: "oauthgen-generate").url
        var generated = 0
        for target in targets {
            guard let module = target.sourceModule else { continue }
            let files = module.sourceFiles.map(\.url).filter { file in
                [".openid-configuration.json", ".oauth-authorization-server.json", ".quirks.plist"].contains { file.lastPathComponent.hasSuffix($0) }
            }
            guard !files.isEmpty else { continue }
            let output = files.sorted { $0.path < $1.path }[0].deletingLastPathComponent().appendingPathComponent("Generated")
            var arguments = ["generate"] + files.map(\.path) + ["--output", output.path]
            if let configuration = module.sourceFiles.map(\.url).first(where: { $0.lastPathComponent == "oauthgen.json" }) {
                arguments += ["--config", configuration.path]
            }
            let process = Process()
            process.executableURL = tool
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                Diagnostics.error("oauthgen found errors in target '\(target.name)'; nothing was written for it")
                throw ExitCode(process.terminationStatus)
            }
            generated += 1
            print("Generated OAuth clients for target '\(target.name)' in \(output.path)")
        }
        if generated == 0 { Diagnostics.warning("no target has *.openid-configuration.json, *.oauth-authorization-server.json or *.quirks.plist files") }
    }
}

/// A non-zero exit from the command.
struct ExitCode: Error, CustomStringConvertible {
    var status: Int32
    init(_ status: Int32) { self.status = status }
    var description: String { "oauthgen exited with status \(status)" }
}
