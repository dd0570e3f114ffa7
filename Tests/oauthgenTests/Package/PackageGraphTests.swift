import Foundation
import TestSupport
import Testing

/// What an app links through `OAuthRuntime`, read from the package graph SwiftPM itself
/// evaluates (`swift package dump-package`): on Apple platforms swift-log alone, elsewhere
/// swift-crypto too; metrics and tracing only with the `Telemetry` trait; vapor/jwt-kit only in
/// tests.
@Suite struct PackageGraphTests {
    static let applePlatforms: Set = ["macos", "maccatalyst", "ios", "tvos", "watchos", "visionos", "driverkit"]

    /// A target's dependency: its name, the package of a product, the platforms and the traits it
    /// is limited to.
    struct Dependency {
        var name: String
        var package: String?
        var platforms: Set<String>?
        var traits: Set<String>?
    }

    static func dependencies(of target: String) async throws -> [Dependency] {
        let package = try await PackageDump.manifest()
        guard let targets = package["targets"] as? [[String: Any]],
            let found = targets.first(where: { $0["name"] as? String == target }),
            let entries = found["dependencies"] as? [[String: Any]]
        else { throw PackageDump.Failed(description: "no target \(target) with dependencies in the manifest") }
        return entries.compactMap { entry in
            guard let (kind, value) = entry.first, let fields = value as? [Any] else { return nil }
            let condition = fields.last as? [String: Any]
            let platforms = (condition?["platformNames"] as? [String]).flatMap { $0.isEmpty ? nil : Set($0) }
            return Dependency(
                name: fields.first as? String ?? kind, package: kind == "product" ? fields[1] as? String : nil,
                platforms: platforms, traits: (condition?["traits"] as? [String]).map(Set.init))
        }
    }

    /// And elsewhere swift-crypto's `Crypto` and `_CryptoExtras` (RSA) alone: the platform's
    /// cryptography, never the runtime's own (issue 44). Besides them swift-log, the interface
    /// every `Logger` is spelled in (issue 55); swift-metrics' `CoreMetrics` and
    /// swift-distributed-tracing only with the `Telemetry` trait, so an app that signs a person in
    /// compiles neither.
    @Test func theRuntimeLinksNothingThirdPartyOnApplePlatforms() async throws {
        let dependencies = try await Self.dependencies(of: "OAuthRuntime").filter { $0.package != nil }
        let always = dependencies.filter { $0.traits == nil }
        #expect(Set(always.map(\.name)) == ["Crypto", "_CryptoExtras", "Logging"])
        for dependency in always where dependency.name != "Logging" {
            let platforms = try #require(dependency.platforms, "\(dependency.name) is linked on every platform")
            #expect(
                platforms.isDisjoint(with: Self.applePlatforms),
                "\(dependency.name) is linked on \(platforms.intersection(Self.applePlatforms))")
            #expect(platforms.contains("linux"))
        }
        let telemetry = dependencies.filter { $0.traits != nil }
        #expect(
            Set(telemetry.map { "\($0.package ?? "")/\($0.name)" })
                == [
                    "swift-metrics/CoreMetrics", "swift-distributed-tracing/Tracing",
                    "swift-distributed-tracing/Instrumentation",
                ])
        #expect(telemetry.allSatisfy { $0.traits == ["Telemetry"] && $0.platforms == nil })
    }

    /// Every app's clean build compiles the plugins' tool for the host: it depends on the
    /// generator alone, not on swift-argument-parser (issue: the plugin's cost).
    @Test func thePluginsToolDependsOnTheGeneratorAlone() async throws {
        #expect(try await Self.dependencies(of: "oauthgen-generate").map(\.name) == ["OAuthGenCore"])
    }

    @Test func jwtKitIsForTestsOnly() async throws {
        for target in ["OAuthRuntime", "OAuthPolicy", "OAuthGenCore", "oauthgen", "oauthgen-login"] {
            #expect(
                try await Self.dependencies(of: target).allSatisfy { $0.package != "jwt-kit" },
                "\(target) depends on jwt-kit")
        }
    }
}

/// The plugins' tool loads no networking at start-up; the full CLI, which fetches, does (the
/// control that shows the check can see it).
@Suite struct ToolLinkageTests {
    static func sharedLibraries(of executable: String) throws -> [String] {
        let binary = ProcessRunner.productsDirectory.appendingPathComponent(executable)
        #if os(Linux)
        let run = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/ldd"), [binary.path])
        #else
        let run = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/otool"), ["-L", binary.path])
        #endif
        guard run.status == 0 else {
            throw PackageDump.Failed(description: "listing the libraries of \(executable): \(run.stderr)")
        }
        return run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func thePluginsToolLinksNoNetworking() throws {
        // The binary the build plugin runs (GeneratedClientsTests uses the plugin).
        let generate = try Self.sharedLibraries(of: "oauthgen-generate-tool")
        #expect(!generate.isEmpty)
        #expect(!generate.contains { $0.contains("FoundationNetworking") || $0.contains("libcurl") }, "\(generate)")
        #if os(Linux)  // elsewhere networking is part of the system's Foundation
        let cli = try Self.sharedLibraries(of: "oauthgen")
        #expect(cli.contains { $0.contains("FoundationNetworking") }, "\(cli)")
        #endif
    }
}
