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
            let inputs = ProviderInputs(files: module.sourceFiles.map(\.url))
            guard !inputs.isEmpty else { continue }
            let output = inputs.providerFiles[0].deletingLastPathComponent().appendingPathComponent("Generated")
            var arguments = ["generate"] + inputs.providerFiles.map(\.path) + ["--output", output.path]
            if let configuration = inputs.configuration {
                arguments += ["--config", configuration.path]
            }
            do {
                try ToolProcess.run(tool, arguments)
            } catch let failure as ToolFailure {
                Diagnostics.error("oauthgen found errors in target '\(target.name)'; nothing was written for it")
                throw failure
            }
            generated += 1
            print("Generated OAuth clients for target '\(target.name)' in \(output.path)")
        }
        if generated == 0 {
            Diagnostics.warning(
                "no target has \(ProviderInputs.suffixes.map { "*" + $0 }.joined(separator: ", ")) files")
        }
    }
}
