@testable import OAuthGenCatalog
import OAuthGenCore
import Testing

/// The stage behind `oauthgen init`: values substituted into the template, redirects derived
/// in the provider's order, nothing written when something is missing.
@Suite struct CatalogInitializerTests {
    static let location = SourceLocation(file: "acme.plist", line: 1, column: 1)

    func entry(
        issuer: String? = "https://${domain}", quirks: [(String, PlistValue.Kind)] = [],
        redirects: [RedirectShape] = [.bundleID, .loopback]
    ) -> CatalogEntry {
        let template = PlistValue(
            kind: .dictionary(
                [
                    PlistEntry(
                        key: "name", keyLocation: Self.location,
                        value: .init(kind: .string("Acme"), location: Self.location))
                ]
                    + quirks.map {
                        PlistEntry(
                            key: $0.0, keyLocation: Self.location, value: .init(kind: $0.1, location: Self.location))
                    }), location: Self.location)
        return CatalogEntry(
            id: "acme", displayName: "Acme", summary: "Acme", issuer: issuer, documentIssuer: nil,
            authorizationServer: nil,
            parameters: [.init(name: "domain", description: "the tenant's domain", example: "acme.example")],
            redirects: redirects.map { .init(shape: $0, note: nil) }, needsSecret: false, quirks: template,
            sources: [:], sourceLocations: [:], pinnedDiscovery: nil, location: Self.location)
    }

    @Test func valuesAreSubstitutedEverywhere() throws {
        let acme = entry(quirks: [
            (
                "endpoints",
                .dictionary([
                    PlistEntry(
                        key: "userinfo", keyLocation: Self.location,
                        value: .init(kind: .string("https://${domain}/me?client=${clientID}"), location: Self.location))
                ])
            )
        ])
        let (made, findings) = CatalogInitializer.quirkFile(
            for: acme,
            values: .init(clientID: "c-1", bundleID: "com.Example.App", parameters: ["domain": "id.acme.example"]))
        #expect(findings.isEmpty)
        let output = try #require(made)
        #expect(output.metadataIssuer == "https://id.acme.example")
        #expect(output.redirectURIs == ["com.example.app:/oauth/acme"])
        #expect(output.quirkFile.contains("<string>https://id.acme.example/me?client=c-1</string>"))
        // The file it writes is a quirk file the generator reads without a finding.
        let (quirks, loading) = QuirkFileLoader.load(Array(output.quirkFile.utf8), file: "acme.quirks.plist")
        #expect(loading.isEmpty, "\(loading)")
        #expect(quirks?.clientID?.value == "c-1")
    }

    @Test func withoutABundleIDTheNextShapeIsUsed() throws {
        let (made, _) = CatalogInitializer.quirkFile(
            for: entry(), values: .init(clientID: "c-1", parameters: ["domain": "d"]))
        #expect(made?.redirectURIs == ["http://127.0.0.1/oauth/acme"])
    }

    @Test func aPlaceholderThatIsNoParameterIsTheEntrysError() {
        let acme = entry(issuer: "https://${tenant}.example")
        let (made, findings) = CatalogInitializer.quirkFile(
            for: acme, values: .init(clientID: "c-1", parameters: ["domain": "d"]))
        #expect(made == nil)
        #expect(findings.map(\.rule) == [.catalogInvalidEntry])
        #expect(
            findings.first?.message
                == #"expected every placeholder of the entry to be a parameter, found "https://${tenant}.example""#)
    }

    @Test func substitutionIsOnePassOverTheTemplate() {
        #expect(
            CatalogInitializer.substituting(["a": "${b}", "b": "x"], in: "https://${a}/${b}") == (
                "https://${b}/x", false
            ))
        #expect(CatalogInitializer.substituting(["a": "1"], in: "${a}${c}${") == ("1${c}${", true))
        #expect(CatalogInitializer.substituting([:], in: "no placeholders") == ("no placeholders", false))
    }

    @Test func textFromTheTeamIsEscapedInTheXML() throws {
        let (made, _) = CatalogInitializer.quirkFile(
            for: entry(), values: .init(clientID: "a<b&c>", parameters: ["domain": "d"]))
        #expect(try #require(made).quirkFile.contains("<string>a&lt;b&amp;c&gt;</string>"))
    }
}
