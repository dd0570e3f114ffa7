import Foundation
@testable import OAuthGenCatalog
import OAuthGenCore
import Testing

/// A contributor's mistakes in a catalog entry are located findings, never a crash or a silent
/// entry without its sources.
@Suite struct CatalogEntryReaderTests {
    func entry(_ body: String) -> (CatalogEntry?, [Diagnostic]) {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>
            """
        return CatalogEntryReader.read(Array(text.utf8), id: "acme", file: "acme.plist", pinnedDiscovery: nil)
    }

    static let minimal = """
        <key>displayName</key><string>Acme</string>
        <key>summary</key><string>Acme accounts</string>
        <key>redirects</key><array><dict><key>shape</key><string>loopback</string></dict></array>
        """

    @Test func aMinimalEntryReads() throws {
        let (read, findings) = entry(
            Self.minimal + "<key>quirks</key><dict><key>name</key><string>Acme</string></dict><key>sources</key><dict/>"
        )
        #expect(findings.isEmpty)
        let entry = try #require(read)
        #expect(entry.redirects == [.init(shape: .loopback, note: nil)])
        #expect(!entry.hasDiscovery && !entry.needsSecret)
    }

    @Test func aQuirkWithoutASourceIsAnErrorAtItsKey() {
        let (read, findings) = entry(
            Self.minimal + """
                <key>quirks</key><dict>
                <key>scopeSeparator</key><string>,</string>
                <key>tokenResponse</key><dict><key>missingTokenType</key><true/></dict>
                </dict>
                <key>sources</key><dict><key>scopeSeparator</key><string>the docs</string></dict>
                """)
        #expect(read == nil)
        #expect(
            findings.map(\.message) == [
                #"expected a one-line source for the quirk "tokenResponse.missingTokenType" in "sources", found none"#
            ])
        #expect(findings.first?.rule == .catalogInvalidEntry)
        #expect(findings.first?.location?.line == 8)
    }

    @Test func aSourceForNothingAndAnUnknownKeyAreErrors() {
        let (_, findings) = entry(
            Self.minimal + """
                <key>quirks</key><dict/>
                <key>sources</key><dict><key>pkce</key><string>stale</string></dict>
                <key>summery</key><string>typo</string>
                """)
        #expect(
            findings.map(\.message).sorted() == [
                #"expected a source only for a quirk of this entry, found one for "pkce""#,
                #"expected one of displayName, summary, issuer, documentIssuer, authorizationServer, parameters, redirects, needsSecret, quirks, sources, runtime, nativeSSO, found the key "summery" (did you mean "summary"?)"#,
            ])
    }

    @Test func aRedirectShapeMustBeKnownAndParametersNeedAnExample() {
        let (_, findings) = entry(
            """
            <key>displayName</key><string>Acme</string>
            <key>summary</key><string>Acme</string>
            <key>redirects</key><array><dict><key>shape</key><string>deepLink</string></dict></array>
            <key>parameters</key><dict><key>domain</key><dict><key>description</key><string>the domain</string></dict></dict>
            <key>quirks</key><dict/>
            """)
        #expect(
            findings.map(\.message) == [
                #"expected "domain" to be a <dict> with a "description" and an "example" <string>"#,
                "expected a redirect <dict> whose \"shape\" is one of reversedClientID, bundleID, loopback, claimedHTTPS",
            ])
    }
}
