import Foundation
import PackagePlugin

/// Generates a Swift client per provider from the target's `*.openid-configuration.json`,
/// `*.oauth-authorization-server.json` and `*.quirks.plist` files (and its `oauthgen.json`).
///
/// One build command covers all of a target's providers, because the mix-up rule (RFC 8252 §8.10)
/// looks at all of them together. Every input is declared, so a no-op build runs nothing and
/// editing any input runs the tool again; findings appear in the build log at the plist's or
/// JSON's line and column. The tool prints nothing on success.
@main
struct OAuthGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let inputs = ProviderInputs(files: module.sourceFiles.map(\.url))
        guard !inputs.isEmpty else { return [] }
        return [
            try inputs.command(
                tool: context.tool(named: "oauthgen-generate").url, workDirectory: context.pluginWorkDirectoryURL)
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension OAuthGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let inputs = ProviderInputs(files: target.inputFiles.map(\.url))
        guard !inputs.isEmpty else { return [] }
        return [
            try inputs.command(
                tool: context.tool(named: "oauthgen-generate").url, workDirectory: context.pluginWorkDirectoryURL)
        ]
    }
}
#endif
