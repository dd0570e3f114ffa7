import Foundation
@testable import OAuthGenCore

/// Paths to the fixtures copied into the test target and to the package's own example inputs.
enum Fixtures {
    /// `Tests/OAuthGenCoreTests/Fixtures`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The package root.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        directory.appendingPathComponent(relative).path
    }

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(relative)))
    }

    /// Every real discovery document in the fixtures.
    static var discoveryDocuments: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path("discovery")))?.filter { $0.hasSuffix(".json") }
            .sorted() ?? []
    }

    /// Every real property list in the fixtures.
    static var propertyLists: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path("plist")))?.filter { $0.hasSuffix(".plist") }
            .sorted() ?? []
    }

    /// `Examples/Providers`.
    static var exampleProviders: String {
        packageRoot.appendingPathComponent("Examples/Providers").path
    }
}

/// A fresh temporary directory, removed by the caller's `defer`.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Reads a plist from text, for tests that write their inputs inline.
func quirks(_ body: String, file: String = "test.quirks.plist") -> (QuirkFile?, [Diagnostic]) {
    let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>
        """
    return QuirkFileLoader.load(Array(text.utf8), file: file)
}

/// A discovery document from inline JSON.
func discovery(
    _ json: String, kind: DiscoveryDocument.Kind = .openIDConnect, file: String = "test.openid-configuration.json"
) -> (DiscoveryDocument?, [Diagnostic]) {
    DiscoveryLoader.load(Array(json.utf8), file: file, kind: kind)
}

extension Array where Element == Diagnostic {
    var rules: [RuleID] { map(\.rule) }
}
