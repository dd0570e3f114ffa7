import Foundation
@testable import OAuthGenCatalog
import OAuthGenCore
import Testing

/// An entry's `runtime` is read with a located finding for each mistake, and each thing it says
/// needs a source, as a quirk does.
extension CatalogEntryReaderTests {
    static let minimalForRuntime = """
        <key>displayName</key><string>Acme</string>
        <key>summary</key><string>a test</string>
        <key>redirects</key><array><dict><key>shape</key><string>loopback</string></dict></array>
        <key>quirks</key><dict><key>name</key><string>Acme</string></dict>
        """

    @Test func aRunTimeSectionReads() throws {
        let (entry, diagnostics) = entry(
            Self.minimalForRuntime + """
                <key>runtime</key><dict><key>issuerPattern</key><string>https://{tenant}.acme.example</string>
                <key>loopbackHost</key><string>localhost</string><key>registrationUnavailable</key><true/></dict>
                <key>sources</key><dict><key>runtime.loopbackHost</key><string>acme docs</string>
                <key>runtime.registrationUnavailable</key><string>acme docs</string></dict>
                """)
        #expect(!diagnostics.containsErrors, "\(diagnostics)")
        let runtime = try #require(entry?.runtime)
        #expect(runtime.issuerPattern == "https://{tenant}.acme.example")
        #expect(runtime.loopbackHost == "localhost" && runtime.registrationUnavailable)
    }

    @Test func aRunTimeSectionNeedsSourcesAndKnownValues() {
        let (_, unsourced) = entry(
            Self.minimalForRuntime + """
                <key>runtime</key><dict><key>issuerPattern</key><string>https://acme.example</string>
                <key>registrationUnavailable</key><true/></dict>
                """)
        #expect(
            unsourced.contains {
                $0.message.contains("expected a one-line source for the quirk \"runtime.registrationUnavailable\"")
            })
        let (_, wrongHost) = entry(
            Self.minimalForRuntime + """
                <key>runtime</key><dict><key>issuerPattern</key><string>https://acme.example</string>
                <key>loopbackHost</key><string>::1</string></dict>
                <key>sources</key><dict><key>runtime.loopbackHost</key><string>acme docs</string></dict>
                """)
        #expect(
            wrongHost.contains { $0.message.contains("expected \"loopbackHost\" to be one of localhost, 127.0.0.1") })
        let (_, http) = entry(
            Self.minimalForRuntime
                + "<key>runtime</key><dict><key>issuerPattern</key><string>http://acme.example</string></dict>")
        #expect(http.contains { $0.message.contains("an https URL, found http://acme.example") && $0.location != nil })
    }
}
