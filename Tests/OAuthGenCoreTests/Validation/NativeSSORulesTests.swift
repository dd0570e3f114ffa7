import Foundation
import Testing
@testable import OAuthGenCore

/// A family of apps sharing one sign-in (issue 56), as a quirk file's `nativeSSO` names it: each
/// finding at the line to fix.
@Suite struct NativeSSORulesTests {
    /// A folder with the provider `bank` (a pinned OpenID discovery document and a quirk file
    /// naming the family), an oauthgen.json and the app's entitlements.
    struct App {
        let root: URL
        var sources: URL { root.appendingPathComponent("Sources/App") }

        init(
            advertised: Bool = true, clientID: String = "bank-app",
            members: [String] = ["bank-app", "bank-investing-app"],
            group: String = "$(AppIdentifierPrefix)com.example.family", tokenType: String? = nil,
            entitledGroups: [String]? = ["$(AppIdentifierPrefix)com.example.family"]
        ) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-family-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("AppFiles"), withIntermediateDirectories: true)
            try Self.discovery(advertised: advertised).write(
                to: sources.appendingPathComponent("bank.openid-configuration.json"), atomically: true, encoding: .utf8)
            try Self.quirks(clientID: clientID, members: members, group: group, tokenType: tokenType).write(
                to: sources.appendingPathComponent("bank.quirks.plist"), atomically: true, encoding: .utf8)
            if let entitledGroups {
                let strings = entitledGroups.map { "\t\t<string>\($0)</string>\n" }.joined()
                try AppFileRulesTests.App.plist(
                    "\t<key>keychain-access-groups</key>\n\t<array>\n\(strings)\t</array>\n"
                )
                .write(to: root.appendingPathComponent("AppFiles/App.entitlements"), atomically: true, encoding: .utf8)
            } else {
                try AppFileRulesTests.App.plist("\t<key>aps-environment</key>\n\t<string>development</string>\n")
                    .write(
                        to: root.appendingPathComponent("AppFiles/App.entitlements"), atomically: true, encoding: .utf8)
            }
            try #"{"entitlements": "../../AppFiles/App.entitlements", "platforms": ["iOS"]}"#
                .write(to: sources.appendingPathComponent("oauthgen.json"), atomically: true, encoding: .utf8)
        }

        static func discovery(advertised: Bool) -> String {
            """
            {
              "issuer": "https://id.bank.example",
              "authorization_endpoint": "https://id.bank.example/authorize",
              "token_endpoint": "https://id.bank.example/token",
              "jwks_uri": "https://id.bank.example/jwks",
              "response_types_supported": ["code"],
              "subject_types_supported": ["public"],
              "id_token_signing_alg_values_supported": ["RS256"],
              "code_challenge_methods_supported": ["S256"]\(advertised ? ",\n  \"native_sso_supported\": true" : "")
            }

            """
        }

        static func quirks(clientID: String, members: [String], group: String, tokenType: String?) -> String {
            let strings = members.map { "\t\t\t<string>\($0)</string>\n" }.joined()
            let type = tokenType.map { "\t\t<key>deviceSecretTokenType</key>\n\t\t<string>\($0)</string>\n" } ?? ""
            return AppFileRulesTests.App.plist(
                "\t<key>clientID</key>\n\t<string>\(clientID)</string>\n"
                    + "\t<key>redirectURIs</key>\n\t<array>\n\t\t<string>com.example.bank:/callback</string>\n\t</array>\n"
                    + "\t<key>nativeSSO</key>\n\t<dict>\n"
                    + "\t\t<key>keychainAccessGroup</key>\n\t\t<string>\(group)</string>\n"
                    + "\t\t<key>familyClientIDs</key>\n\t\t<array>\n\(strings)\t\t</array>\n\(type)\t</dict>\n")
        }

        /// The family's findings as `file-relative-to-root:line:column: severity: message [rule]`.
        func findings() throws -> [String] {
            let (configuration, problems) = GeneratorConfiguration.load(
                path: sources.appendingPathComponent("oauthgen.json").path)
            #expect(problems.isEmpty, "\(problems)")
            let (_, diagnostics) = Generator.validate(paths: [sources.path], configuration: try #require(configuration))
            return diagnostics.sortedByLocation().map {
                $0.description.replacingOccurrences(of: root.path + "/", with: "")
            }
            .filter { $0.contains("native-sso") || $0.contains("keychain-group") }
        }
    }

    @Test func aFamilyNamedFullyOnAnAdvertisingProviderPasses() throws {
        #expect(try App().findings() == [])
    }

    @Test func aMissingKeychainAccessGroupIsReportedAtTheEntitlementsLine() throws {
        let findings = try App(entitledGroups: ["$(AppIdentifierPrefix)com.example.other"]).findings()
        #expect(
            findings == [
                "AppFiles/App.entitlements:4:2: error: expected the family's Keychain access group '$(AppIdentifierPrefix)com.example.family' in keychain-access-groups, found it missing: provider 'bank' shares its sign-in with the family through it, and every Keychain call with it would fail with errSecMissingEntitlement (-34018) [keychain-group-not-entitled]",
                "Sources/App/bank.quirks.plist:13:3: note: the family that shares its sign-in through '$(AppIdentifierPrefix)com.example.family' [keychain-group-not-entitled]",
            ])
        // No such key at all: the entitlements' root <dict>.
        let none = try App(entitledGroups: nil).findings()
        #expect(
            none.first?.hasPrefix("AppFiles/App.entitlements:3:1: error: expected the family's Keychain access group")
                == true)
    }

    @Test func aProviderThatDoesNotAdvertiseNativeSSOIsWarnedAtTheQuirkKey() throws {
        #expect(
            try App(advertised: false).findings() == [
                "Sources/App/bank.quirks.plist:10:2: warning: expected the pinned discovery document to say native_sso_supported, found it absent: the generated client asks for device_sso on the quirk file's word [native-sso-not-advertised] (OpenID Connect Native SSO for Mobile Apps 1.0 draft 07 §5)"
            ])
    }

    @Test func anAppOutsideItsFamilysMembersIsAnError() throws {
        let findings = try App(clientID: "games-app").findings()
        #expect(
            findings == [
                "Sources/App/bank.quirks.plist:5:2: error: expected the client ID 'games-app' among nativeSSO's familyClientIDs, found 'bank-app', 'bank-investing-app': the server signs in only the family's apps from its sign-in [native-sso-family] (OpenID Connect Native SSO for Mobile Apps 1.0 draft 07 §2, §4.1)"
            ])
    }

    @Test func anUnknownDeviceSecretTokenTypeIsAnError() throws {
        let findings = try App(tokenType: "urn:example:device-secret").findings()
        #expect(findings.count == 1)
        #expect(
            findings.first?.contains(
                "expected deviceSecretTokenType to be 'urn:openid:params:token-type:device-secret' or 'urn:x-oath:params:oauth:token-type:device-secret', found 'urn:example:device-secret'"
            ) == true)
        #expect(try App(tokenType: "urn:x-oath:params:oauth:token-type:device-secret").findings() == [])
    }

    @Test func anEmptyFamilyIsAnError() throws {
        let findings = try App(members: [], group: "").findings()
        #expect(findings.filter { $0.contains("[native-sso-family]") }.count == 2)
    }
}
