import Foundation
@testable import OAuthGenCatalog
import OAuthGenCore
import Testing

/// One catalog for build and run time: `ServerQuirkCatalog.builtIn` is made from the catalog's
/// entries, and every run-time entry is a catalog provider whose deviations each have a source.
@Suite struct CatalogServerQuirksTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The checked-in file is what the catalog makes; `OAUTHGEN_UPDATE_SERVER_QUIRKS=1` rewrites it.
    @Test func theRunTimeCatalogIsMadeFromTheCatalog() throws {
        let (catalog, diagnostics) = Catalog.bundled()
        #expect(!diagnostics.containsErrors, "\(diagnostics)")
        let source = try ServerQuirkCatalogSource.render(catalog)
        let file = Self.root.appendingPathComponent(ServerQuirkCatalogSource.path)
        if ProcessInfo.processInfo.environment["OAUTHGEN_UPDATE_SERVER_QUIRKS"] == "1" {
            try source.write(to: file, atomically: true, encoding: .utf8)
        }
        let current = try String(contentsOf: file, encoding: .utf8)
        #expect(
            current == source,
            "\(ServerQuirkCatalogSource.path) is not what the catalog makes: run this test with OAUTHGEN_UPDATE_SERVER_QUIRKS=1"
        )
    }

    /// Every run-time entry names https issuers, says something, and cites a source for each
    /// thing it says.
    @Test func everyRunTimeEntryIsSourced() throws {
        let (catalog, _) = Catalog.bundled()
        let runtime = catalog.entries.filter { $0.runtime != nil }
        #expect(runtime.count >= 7)
        for entry in runtime {
            let deviations = try ServerQuirkCatalogSource.overlay(of: entry)
            let settled = entry.runtime.map { $0.loopbackHost != nil || $0.registrationUnavailable } ?? false
            #expect(!deviations.isEmpty || settled, "\(entry.id) says nothing a session would apply")
            for argument in deviations {
                #expect(
                    entry.sources.keys.contains { $0 == argument.label || $0.hasPrefix(argument.label + ".") },
                    "\(entry.id): \(argument.label) has no source")
            }
        }
    }

    /// A deviation with a placeholder cannot apply to a server met at run time.
    @Test func aPlaceholderInARunTimeDeviationIsRefused() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>displayName</key><string>Acme</string>
            <key>summary</key><string>a test</string>
            <key>redirects</key><array><dict><key>shape</key><string>loopback</string></dict></array>
            <key>quirks</key><dict><key>name</key><string>Acme</string>
            <key>authorizationParameters</key><dict><key>tenant</key><string>${tenant}</string></dict></dict>
            <key>sources</key><dict><key>authorizationParameters</key><string>acme docs</string></dict>
            <key>runtime</key><dict><key>issuerPattern</key><string>https://acme.example</string></dict>
            </dict>
            </plist>
            """
        let (entry, diagnostics) = CatalogEntryReader.read(
            Array(text.utf8), id: "acme", file: "acme.plist", pinnedDiscovery: nil)
        #expect(!diagnostics.containsErrors, "\(diagnostics)")
        let error = #expect(throws: ServerQuirkCatalogSource.Failure.self) {
            _ = try ServerQuirkCatalogSource.overlay(of: try #require(entry))
        }
        #expect(error?.description.contains("to hold no placeholder") == true)
    }
}
