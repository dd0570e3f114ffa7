import Foundation
import TestSupport
import Testing

// The command plugin's run, beside the build plugin's (PluginBuildTests.swift).
extension PluginBuildTests {
    @Test func theCommandPluginWritesTheClientsIntoThePackage() async throws {
        let package = Self.scratch.appendingPathComponent("command-plugin-package")
        try? FileManager.default.removeItem(at: package)
        let sources = package.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try Data(
            """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "CommandPluginPackage",
                dependencies: [.package(name: "oauthgen", path: "\(Self.root.path)")],
                targets: [.target(name: "App")]
            )
            """.utf8
        ).write(to: package.appendingPathComponent("Package.swift"))
        try Data("public enum App {}\n".utf8).write(to: sources.appendingPathComponent("App.swift"))
        for name in ["okta.openid-configuration.json", "okta.quirks.plist"] {
            try FileManager.default.copyItem(
                at: Self.root.appendingPathComponent("Examples/Providers/\(name)"),
                to: sources.appendingPathComponent(name))
        }
        try? FileManager.default.removeItem(at: Self.scratch.appendingPathComponent("command-plugin"))
        let run = try await ProcessRunner.runDetached(
            Self.swift,
            [
                "package", "--package-path", package.path, "--scratch-path",
                Self.scratch.appendingPathComponent("command-plugin").path,
                "--allow-writing-to-package-directory", "generate-oauth-clients",
            ])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let generated = sources.appendingPathComponent("Generated/okta.oauthgen.swift")
        #expect(
            try String(contentsOf: generated, encoding: .utf8).contains(
                "internal enum Okta: GeneratedProvider, OpenIDProvider, SupportsRevocation, SupportsUserInfo, SupportsEndSession, SupportsDeviceAuthorization, BuildVerifiedProvider {"
            ))

        // The same package, on the same build: `init-oauth-provider` writes a catalog entry's
        // quirk file into the target, and the generate command turns it into a client.
        let initRun = try await ProcessRunner.runDetached(
            Self.swift,
            [
                "package", "--package-path", package.path, "--scratch-path",
                Self.scratch.appendingPathComponent("command-plugin").path,
                "--allow-writing-to-package-directory", "init-oauth-provider", "github", "--client-id",
                "Iv1.8a61f9b3a7aba766",
            ])
        #expect(initRun.status == 0, "\(initRun.stdout)\n\(initRun.stderr)")
        #expect(
            try String(contentsOf: sources.appendingPathComponent("github.quirks.plist"), encoding: .utf8).contains(
                "<string>Iv1.8a61f9b3a7aba766</string>"))
        let again = try await ProcessRunner.runDetached(
            Self.swift,
            [
                "package", "--package-path", package.path, "--scratch-path",
                Self.scratch.appendingPathComponent("command-plugin").path,
                "--allow-writing-to-package-directory", "generate-oauth-clients",
            ])
        #expect(again.status == 0, "\(again.stdout)\n\(again.stderr)")
        #expect(
            try String(contentsOf: sources.appendingPathComponent("Generated/github.oauthgen.swift"), encoding: .utf8)
                .contains("internal enum GitHub: GeneratedProvider"))

        // An unknown name fails with the catalog's did-you-mean, and writes nothing.
        let unknown = try await ProcessRunner.runDetached(
            Self.swift,
            [
                "package", "--package-path", package.path, "--scratch-path",
                Self.scratch.appendingPathComponent("command-plugin").path,
                "--allow-writing-to-package-directory", "init-oauth-provider", "gitlub", "--client-id", "x",
            ])
        #expect(unknown.status != 0)
        // (SwiftPM passes the tool's standard error on as the plugin's output.)
        #expect(
            (unknown.stdout + unknown.stderr).contains(
                #"error: expected a provider of the catalog, found "gitlub"; did you mean "github"? [catalog-unknown-provider]"#
            ), "\(unknown.stderr)")
    }
}
