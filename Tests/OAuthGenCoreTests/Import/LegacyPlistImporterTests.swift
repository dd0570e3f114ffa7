import Foundation
import Testing
@testable import OAuthGenCore

@Suite struct LegacyPlistImporterTests {
    @Test func oktaLegacyFormat() throws {
        let (provider, diagnostics) = LegacyPlistImporter.importPlist(
            try Fixtures.bytes("plist/okta-LegacyFormat.plist"), file: "Okta.plist")
        let okta = try #require(provider)
        #expect(okta.name == "okta")
        #expect(okta.issuer == "https://myapp.example.com/oauth2/default")
        #expect(okta.clientID == "0oaasdf1234")
        #expect(okta.redirectURIs == ["com.example:/callback"])
        #expect(okta.defaultScopes == ["openid", "profile", "offline_access"])
        #expect(diagnostics.map { "\($0.severity.rawValue) \($0.location!.line)" } == ["note 13", "note 15"])
    }

    /// okta-mobile-swift 2.x's snake_case Okta.plist: refused as unrecognized before the fix.
    @Test func oktaMobileSwiftSnakeCaseKeys() throws {
        let (provider, diagnostics) = LegacyPlistImporter.importPlist(
            try Fixtures.bytes("plist/okta-mobile-swift-Okta.plist"), file: "Okta.plist")
        let okta = try #require(provider)
        #expect(okta.name == "okta")
        #expect(okta.issuer == "https://dev-1234567.okta.com/oauth2/default")
        #expect(okta.clientID == "0oa3en4fIMQ3ddc204w5")
        #expect(okta.redirectURIs == ["com.okta.dev-1234567:/callback"])
        #expect(okta.defaultScopes == ["openid", "profile", "offline_access"])
        #expect(
            diagnostics.map { "\($0.severity.rawValue) \($0.location!.line) \($0.message)" } == [
                "note 13 \"logout_redirect_uri\" has no quirk-file equivalent and was not imported"
            ])
    }

    @Test func bothSpellingsOfAnOktaKeyAreAWarning() throws {
        let plist =
            "<plist><dict><key>issuer</key><string>https://a.okta.com</string><key>issuer_url</key><string>https://b.okta.com</string><key>client_id</key><string>c</string></dict></plist>"
        let (provider, diagnostics) = LegacyPlistImporter.importPlist(Array(plist.utf8), file: "Okta.plist")
        #expect(provider?.issuer == "https://a.okta.com")
        #expect(
            diagnostics.map(\.message) == [
                #"expected one of "issuer", "issuer_url", found "issuer" and "issuer_url"; "issuer" was imported"#
            ])
    }

    @Test func auth0NeedsARedirectAdded() throws {
        let (provider, diagnostics) = LegacyPlistImporter.importPlist(
            try Fixtures.bytes("plist/auth0-swift-tests-Auth0.plist"), file: "Auth0.plist")
        #expect(provider?.issuer == "https://samples.auth0.com/")
        #expect(provider?.clientID == "CLIENT_ID")
        #expect(provider?.redirectURIs == [])
        #expect(diagnostics.map(\.severity) == [.warning])
    }

    @Test func googleServiceInfo() throws {
        let (provider, diagnostics) = LegacyPlistImporter.importPlist(
            try Fixtures.bytes("plist/firebase-quickstart-GoogleService-Info.plist"), file: "GoogleService-Info.plist")
        #expect(diagnostics.isEmpty)
        #expect(provider?.issuer == "https://accounts.google.com")
        #expect(
            provider?.redirectURIs == [
                "com.googleusercontent.apps.123456789000-hjugbg6ud799v4c49dim8ce2usclthar:/oauth2redirect"
            ])
    }

    @Test(arguments: Fixtures.propertyLists)
    func importedQuirkFilesLoadCleanly(name: String) throws {
        let provider = try #require(LegacyPlistImporter.importPlist(try Fixtures.bytes("plist/\(name)"), file: name).0)
        let (quirks, diagnostics) = QuirkFileLoader.load(
            Array(provider.quirkFile.utf8), file: "\(provider.name).quirks.plist")
        #expect(diagnostics.isEmpty)
        #expect(quirks?.clientID?.value == provider.clientID)
        #expect(quirks?.redirectURIs.map(\.value) == provider.redirectURIs)
    }

    @Test func escapesXMLInValues() throws {
        let provider = ImportedProvider(name: "x", format: .okta, issuer: "https://a.example/?a=1&b=<2>", clientID: "c")
        let (quirks, diagnostics) = QuirkFileLoader.load(Array(provider.quirkFile.utf8), file: "x.quirks.plist")
        #expect(diagnostics.isEmpty)
        #expect(quirks?.issuer?.value == "https://a.example/?a=1&b=<2>")
    }

    @Test func refusesOtherPlists() {
        let (provider, diagnostics) = LegacyPlistImporter.importPlist(
            Array("<plist><dict><key>CFBundleName</key><string>App</string></dict></plist>".utf8), file: "Info.plist")
        #expect(provider == nil)
        #expect(diagnostics.first?.rule == .importUnrecognized)
        #expect(diagnostics.first?.message.hasSuffix("found the keys CFBundleName") == true)
    }

    @Test func infoPlistSchemesMustCoverPrivateUseRedirects() {
        let info = """
            <plist><dict><key>CFBundleURLTypes</key><array>
            <dict><key>CFBundleURLSchemes</key><array><string>com.googleusercontent.apps.123</string><string>fb123</string></array></dict>
            </array></dict></plist>
            """
        let (schemes, readFindings) = URLSchemeCheck.registeredSchemes(infoPlist: Array(info.utf8), file: "Info.plist")
        #expect(readFindings.isEmpty)
        #expect(schemes.map(\.value) == ["com.googleusercontent.apps.123", "fb123"])
        let at = SourceLocation(file: "q.plist", line: 7, column: 3)
        let findings = URLSchemeCheck.check(
            redirectURIs: [
                Located("com.googleusercontent.apps.123:/oauth2redirect", at: at),
                Located("com.example:/callback", at: at), Located("http://127.0.0.1/cb", at: at),
            ], schemes: schemes, infoPlist: "Info.plist")
        #expect(
            findings.map { "\($0.severity.rawValue) \($0.rule.rawValue)" } == [
                "error scheme-not-registered", "warning scheme-unused",
            ])
        #expect(findings[0].location == at)
        #expect(findings[1].location?.file == "Info.plist")
    }
}
