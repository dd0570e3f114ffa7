import Foundation
import Testing
import TestSupport

/// Every Swift block of the README and DocC is code that compiles: a region of a compiled file, or a
/// `Package.swift` fragment SwiftPM loads. A snippet that drifts from the API fails here, not in an
/// app team's first hour.
@Suite struct DocumentationSnippetsTests {
    @Test func everySwiftBlockIsACompiledRegion() throws {
        let regions = try DocumentationSnippets.regions()
        let blocks = try DocumentationSnippets.blocks().filter { !$0.isManifestFragment && !$0.isOutline }
        #expect(blocks.count >= 30, "found only \(blocks.count) blocks: is the documentation still where this test looks?")
        var missing: [String] = []
        for block in blocks {
            let matched = regions.contains { region in
                region.text == block.text
                    || (region.text == block.body && block.imports.allSatisfy(region.fileLines.contains))
            }
            if !matched { missing.append("\(block):\n\(block.text)") }
        }
        #expect(missing.isEmpty, """
            these documentation blocks are in no `// snippet:` region of Tests/GeneratedClientsTests/Snippets or \
            Examples (copy the block there, inside a function that gives it what it uses, or fix the block):
            \(missing.joined(separator: "\n\n"))
            """)
    }

    @Test func everyRegionIsStillDocumented() throws {
        let blocks = try DocumentationSnippets.blocks()
        let stale = try DocumentationSnippets.regions().filter { region in
            !blocks.contains { $0.text == region.text || $0.body == region.text }
        }
        #expect(stale.isEmpty, "regions no documentation block shows any more (remove them or update them with the docs): \(stale.map { "\($0.file):\($0.line)" })")
    }

    /// Manifest fragments are loaded by SwiftPM as the arguments of a `Package(…)`, and every
    /// product and plugin they take from oauthgen is one this package declares.
    @Test func everyManifestFragmentLoads() async throws {
        let fragments = try DocumentationSnippets.blocks().filter(\.isManifestFragment)
        #expect(fragments.count >= 4)
        let ours = try await PackageDump.productNames(of: PackageDump.manifest())
        for fragment in fragments {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-manifest-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let manifest = """
                // swift-tools-version:6.1
                import PackageDescription

                let package = Package(
                    name: "App",
                    platforms: [.macOS(.v13), .iOS(.v16)],
                \(fragment.text)
                )

                """
            try manifest.write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            let package: [String: Any]
            do {
                package = try await PackageDump.manifest(at: directory)
            } catch {
                Issue.record("\(fragment) does not load as a manifest: \(error)")
                continue
            }
            let targets = package["targets"] as? [[String: Any]] ?? []
            let named = targets.flatMap { target in
                ((target["dependencies"] as? [[String: Any]]) ?? []).compactMap { ($0["product"] as? [Any?])?.prefix(2) }
                    + ((target["pluginUsages"] as? [[String: Any]]) ?? []).compactMap { ($0["plugin"] as? [Any?])?.prefix(2) }
            }
            let fromOAuthgen = named.compactMap { pair -> String? in
                let pair = Array(pair)
                return pair.count == 2 && (pair[1] as? String) == "oauthgen" ? pair[0] as? String : nil
            }
            #expect(!fromOAuthgen.isEmpty, "\(fragment) uses nothing from oauthgen")
            for name in fromOAuthgen {
                #expect(ours.contains(name), "\(fragment) names \(name), which oauthgen's Package.swift does not declare (it has \(ours.sorted()))")
            }
        }
    }
}
