import Foundation
import Testing
@testable import OAuthGenCore

/// The app's Info.plist and entitlements, named in oauthgen.json, against the providers' redirect
/// URIs and the Keychain groups the app uses: each finding where the fix goes.
@Suite struct AppFileRulesTests {
    /// A folder with one provider (`acme`, redirecting to `redirects`), an oauthgen.json and the
    /// app's files, as a package would have them.
    struct App {
        let root: URL
        var configurationPath: String { root.appendingPathComponent("Sources/App/oauthgen.json").path }

        init(redirects: [String], infoPlist: String?, entitlements: String?, configuration: String? = nil) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "oauthgen-appfiles-\(UUID().uuidString)")
            let sources = root.appendingPathComponent("Sources/App")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("AppFiles"), withIntermediateDirectories: true)
            let uris = redirects.map { "\t\t<string>\($0)</string>\n" }.joined()
            try Self.plist(
                "\t<key>clientID</key>\n\t<string>acme-app</string>\n\t<key>redirectURIs</key>\n\t<array>\n\(uris)\t</array>\n"
                    + "\t<key>endpoints</key>\n\t<dict>\n\t\t<key>authorization</key>\n\t\t<string>https://id.acme.example/authorize</string>\n"
                    + "\t\t<key>token</key>\n\t\t<string>https://id.acme.example/token</string>\n\t</dict>\n"
            )
            .write(to: sources.appendingPathComponent("acme.quirks.plist"), atomically: true, encoding: .utf8)
            if let infoPlist {
                try Self.plist(infoPlist).write(
                    to: root.appendingPathComponent("AppFiles/Info.plist"), atomically: true, encoding: .utf8)
            }
            if let entitlements {
                try Self.plist(entitlements).write(
                    to: root.appendingPathComponent("AppFiles/App.entitlements"), atomically: true, encoding: .utf8)
            }
            try
                (configuration
                ?? #"{"infoPlist": "../../AppFiles/Info.plist", "entitlements": "../../AppFiles/App.entitlements", "keychainAccessGroups": ["$(AppIdentifierPrefix)com.example.shared"]}"#)
                .write(toFile: configurationPath, atomically: true, encoding: .utf8)
        }

        static func plist(_ body: String) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n"
        }

        /// Findings as `file-relative-to-root:line:column: severity: message [rule]`.
        func findings() throws -> [String] {
            let (configuration, problems) = GeneratorConfiguration.load(path: configurationPath)
            #expect(problems.isEmpty, "\(problems)")
            let (_, diagnostics) = Generator.validate(
                paths: [root.appendingPathComponent("Sources/App").path], configuration: try #require(configuration))
            return diagnostics.sortedByLocation().map {
                $0.description.replacingOccurrences(of: root.path + "/", with: "")
            }
        }
    }

    static let schemes =
        "\t<key>CFBundleURLTypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>CFBundleURLSchemes</key>\n\t\t\t<array>\n\t\t\t\t<string>com.example.acme</string>\n\t\t\t</array>\n\t\t</dict>\n\t</array>\n"
    static let entitled =
        "\t<key>com.apple.developer.associated-domains</key>\n\t<array>\n\t\t<string>applinks:*.example.com?mode=developer</string>\n\t\t<string>webcredentials:example.com</string>\n\t</array>\n"
        + "\t<key>keychain-access-groups</key>\n\t<array>\n\t\t<string>$(AppIdentifierPrefix)com.example.shared</string>\n\t</array>\n"

    @Test func filesThatHaveEverythingPass() throws {
        let app = try App(
            redirects: ["com.example.acme:/callback", "https://app.example.com/cb", "https://example.com/cb"],
            infoPlist: Self.schemes, entitlements: Self.entitled)
        #expect(try app.findings() == [])
    }

    @Test func aMissingSchemeIsAnErrorOnCFBundleURLTypesWithANoteAtTheRedirect() throws {
        let app = try App(
            redirects: ["com.example.other:/callback", "com.example.acme:/cb"], infoPlist: Self.schemes,
            entitlements: Self.entitled)
        #expect(
            try app.findings() == [
                "AppFiles/Info.plist:4:2: error: expected the URL scheme 'com.example.other' among CFBundleURLTypes' CFBundleURLSchemes, found it missing: provider 'acme' redirects to 'com.example.other:/callback', and the app would never receive the response [scheme-not-registered] (RFC 8252 Appendix B.1)",
                "Sources/App/acme.quirks.plist:8:3: note: the redirect URI that needs the scheme 'com.example.other' [scheme-not-registered] (RFC 8252 Appendix B.1)",
            ])
    }

    @Test func withoutCFBundleURLTypesTheErrorIsOnTheRootDict() throws {
        let app = try App(
            redirects: ["com.example.acme:/callback"],
            infoPlist: "\t<key>CFBundleName</key>\n\t<string>Acme</string>\n", entitlements: Self.entitled)
        #expect(
            try app.findings().first
                == "AppFiles/Info.plist:3:1: error: expected the URL scheme 'com.example.acme' among CFBundleURLTypes' CFBundleURLSchemes, found no CFBundleURLTypes: provider 'acme' redirects to 'com.example.acme:/callback', and the app would never receive the response [scheme-not-registered] (RFC 8252 Appendix B.1)"
        )
    }

    @Test func aClaimedHTTPSHostNeedsAnAssociatedDomainAndAWildcardCoversOnlySubdomains() throws {
        let entitlements =
            "\t<key>com.apple.developer.associated-domains</key>\n\t<array>\n\t\t<string>applinks:*.example.com</string>\n\t\t<string>activitycontinuation:acme.example</string>\n\t</array>\n"
            + "\t<key>keychain-access-groups</key>\n\t<array>\n\t\t<string>ABCDE12345.com.example.shared</string>\n\t</array>\n"
        let app = try App(
            redirects: ["https://app.example.com/cb", "https://example.com/cb", "https://acme.example/cb"],
            infoPlist: Self.schemes, entitlements: entitlements)
        #expect(
            try app.findings() == [
                "AppFiles/App.entitlements:4:2: error: expected 'applinks:example.com' or 'webcredentials:example.com' in com.apple.developer.associated-domains, found neither: provider 'acme' redirects to the claimed https URI 'https://example.com/cb', which the system delivers only to an app associated with its host [associated-domain-missing] (RFC 8252 §7.2, Appendix B.1)",
                "AppFiles/App.entitlements:4:2: error: expected 'applinks:acme.example' or 'webcredentials:acme.example' in com.apple.developer.associated-domains, found neither: provider 'acme' redirects to the claimed https URI 'https://acme.example/cb', which the system delivers only to an app associated with its host [associated-domain-missing] (RFC 8252 §7.2, Appendix B.1)",
                "Sources/App/acme.quirks.plist:9:3: note: the redirect URI that needs the associated domain 'example.com' [associated-domain-missing] (RFC 8252 §7.2, Appendix B.1)",
                "Sources/App/acme.quirks.plist:10:3: note: the redirect URI that needs the associated domain 'acme.example' [associated-domain-missing] (RFC 8252 §7.2, Appendix B.1)",
            ])
    }

    @Test func aKeychainGroupMustBeEntitledWithTheTeamPrefix() throws {
        let app = try App(
            redirects: ["com.example.acme:/callback"], infoPlist: Self.schemes, entitlements: Self.entitled,
            configuration:
                #"{"entitlements": "../../AppFiles/App.entitlements", "keychainAccessGroups": ["ABCDE12345.com.example.shared", "com.example.shared", "$(AppIdentifierPrefix)com.example.other"]}"#
        )
        #expect(
            try app.findings() == [
                "Sources/App/oauthgen.json:1:111: error: expected the Keychain access group 'com.example.shared' in the entitlements' keychain-access-groups, found it missing: every Keychain call with it would fail with errSecMissingEntitlement (-34018) [keychain-group-not-entitled]",
                "Sources/App/oauthgen.json:1:133: error: expected the Keychain access group '$(AppIdentifierPrefix)com.example.other' in the entitlements' keychain-access-groups, found it missing: every Keychain call with it would fail with errSecMissingEntitlement (-34018) [keychain-group-not-entitled]",
            ])
        #expect(AppFileRules.sameGroup("$(TeamIdentifierPrefix)a.b", "ABCDE12345.a.b"))
        #expect(!AppFileRules.sameGroup("ABCDE12345.a.b", "ZYXWV54321.a.b"))
    }

    /// Issue 28, item 4: an app not entitled to the group gets a nil container URL, and the
    /// shared store's lock is silently off.
    @Test func anAppGroupMustBeEntitled() throws {
        let entitlements =
            Self.entitled
            + "\t<key>com.apple.security.application-groups</key>\n\t<array>\n\t\t<string>group.com.example.shared</string>\n\t</array>\n"
        let app = try App(
            redirects: ["com.example.acme:/callback"], infoPlist: Self.schemes, entitlements: entitlements,
            configuration:
                #"{"entitlements": "../../AppFiles/App.entitlements", "appGroups": ["group.com.example.shared", "group.com.example.other"]}"#
        )
        let findings = try app.findings()
        #expect(
            findings == [
                "Sources/App/oauthgen.json:1:95: error: expected the app group 'group.com.example.other' in the entitlements' com.apple.security.application-groups, found it missing: containerURL(forSecurityApplicationGroupIdentifier:) would be nil, and a store shared with the app's extensions would not coordinate its refreshes [app-group-not-entitled]"
            ], "\(findings)")
        let unlisted = try App(
            redirects: ["com.example.acme:/callback"], infoPlist: Self.schemes, entitlements: Self.entitled,
            configuration:
                #"{"entitlements": "../../AppFiles/App.entitlements", "appGroups": ["group.com.example.shared"]}"#)
        #expect(try unlisted.findings().first?.contains("found no such key") == true)
        let unnamed = try App(
            redirects: ["com.example.acme:/callback"], infoPlist: Self.schemes, entitlements: nil,
            configuration: #"{"appGroups": ["group.com.example.shared"]}"#)
        #expect(
            try unnamed.findings() == [
                "Sources/App/oauthgen.json:1:16: warning: expected \"entitlements\" in oauthgen.json to check the app group 'group.com.example.shared' against, found none [app-group-not-entitled]"
            ])
    }

    @Test func aNamedFileThatCannotBeReadIsAnErrorOnTheLineThatNamesIt() throws {
        let app = try App(
            redirects: ["com.example.acme:/callback"], infoPlist: nil, entitlements: nil,
            configuration: "{\n  \"infoPlist\": \"../../AppFiles/Info.plist\"\n}")
        let findings = try app.findings()
        #expect(findings.count == 1)
        #expect(
            findings.first?.hasPrefix(
                "Sources/App/oauthgen.json:2:16: error: ../../AppFiles/Info.plist: expected a readable file, found none that could be opened"
            ) == true)
    }

    @Test func anEntitlementsFileThatIsNotADictIsAnError() throws {
        let app = try App(
            redirects: ["https://app.example.com/cb"], infoPlist: nil, entitlements: nil,
            configuration: #"{"entitlements": "../../AppFiles/App.entitlements"}"#)
        try "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<array/>\n</plist>\n".write(
            to: app.root.appendingPathComponent("AppFiles/App.entitlements"), atomically: true, encoding: .utf8)
        #expect(
            try app.findings() == [
                "AppFiles/App.entitlements:3:1: error: expected the property list's root to be a <dict>, found <array> [plist-structure] (Apple PropertyList-1.0.dtd)"
            ])
    }
}
