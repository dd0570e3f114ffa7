import Foundation
import PackagePlugin

/// `swift package init-oauth-provider PROVIDER --target NAME [oauthgen init options]`: writes the
/// provider's quirk file from oauthgen's catalog into the target's folder, where
/// `OAuthGenPlugin` (or `generate-oauth-clients`) picks it up. `--list` lists the catalog.
@main
struct OAuthGenInit: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let tool = try context.tool(named: "oauthgen").url
        var arguments = ["init"] + extractor.remainingArguments
        if !arguments.contains("--list") {
            // The quirk file belongs to one target: the one whose build generates its client.
            let modules = context.package.targets.compactMap(\.sourceModule)
            let chosen: SourceModuleTarget
            if let name = names.first, names.count == 1 {
                guard let module = modules.first(where: { $0.name == name }) else {
                    Diagnostics.error(
                        "no source target named '\(name)' in this package (\(modules.map(\.name).joined(separator: ", ")))"
                    )
                    throw ToolFailure(tool: "oauthgen", command: "init", status: 1)
                }
                chosen = module
            } else if names.isEmpty, modules.count == 1 {
                chosen = modules[0]
            } else {
                Diagnostics.error(
                    "name the one target the provider belongs to with --target (\(modules.map(\.name).joined(separator: ", ")))"
                )
                throw ToolFailure(tool: "oauthgen", command: "init", status: 1)
            }
            guard let folder = (chosen as? SwiftSourceModuleTarget)?.directoryURL else {
                Diagnostics.error("'\(chosen.name)' is not a Swift target; the generated client is Swift")
                throw ToolFailure(tool: "oauthgen", command: "init", status: 1)
            }
            arguments += ["--output", folder.path]
        }
        try ToolProcess.run(tool, arguments)
    }
}
