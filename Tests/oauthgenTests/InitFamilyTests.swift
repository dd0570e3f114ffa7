import Foundation
import OAuthGenCore
import Testing

/// `oauthgen init --family-access-group` (issue 56): the catalog says which providers sign a
/// family of apps in from one sign-in, with a source; init writes the family into the quirk file
/// with the provider's device-secret token type, and refuses a provider the catalog does not know
/// to do it.
@Suite struct InitFamilyTests {
    @Test func oktaGetsTheFamilyWithItsTokenTypeAndItsSource() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await OAuthGenInProcess.run([
            "init", "okta", "--client-id", "bank-app", "--bundle-id", "com.example.bank", "--set",
            "domain=dev-1.okta.com",
            "--family-access-group", "$(AppIdentifierPrefix)com.example.family", "--family-client-id",
            "bank-investing-app",
            "--output", directory.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent("okta.quirks.plist")))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("developer.okta.com/docs/guides/configure-native-sso/main/"))
        let (quirks, problems) = QuirkFileLoader.load(bytes, file: "okta.quirks.plist")
        #expect(problems.isEmpty, "\(problems)")
        let family = try #require(quirks?.nativeSSO)
        #expect(family.keychainAccessGroup?.value == "$(AppIdentifierPrefix)com.example.family")
        #expect(family.familyClientIDs.map(\.value) == ["bank-app", "bank-investing-app"])
        #expect(family.deviceSecretTokenType?.value == "urn:x-oath:params:oauth:token-type:device-secret")
    }

    @Test func aProviderTheCatalogDoesNotKnowForAFamilyIsRefused() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await OAuthGenInProcess.run([
            "init", "google", "--client-id", "1234.apps.googleusercontent.com", "--bundle-id", "com.example.app",
            "--family-access-group", "$(AppIdentifierPrefix)com.example.family", "--output", directory.path,
        ])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "error: expected a provider the catalog knows to sign a family of apps in (OpenID Connect Native SSO) for --family-access-group, found Google without a source saying so [catalog-native-sso-unsupported]"
            ), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("google.quirks.plist").path))
    }
}
