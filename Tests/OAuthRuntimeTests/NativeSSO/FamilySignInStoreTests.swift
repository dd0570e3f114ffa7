import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import TestSupport
import Testing

/// Where a family's sign-in is kept: the Keychain's decisions (over `TestKeychain`, the calls
/// themselves type-checked against the SDKs) and the shared folder's.
struct FamilySignInStoreTests {
    static let signIn = FamilySignIn(
        issuer: "https://id.example.com", clientID: "bank-app", idToken: "id-token-3f2e", deviceSecret: "secret-9c8b",
        keptAt: Date(timeIntervalSince1970: 1_800_000_000))

    @Test func theKeychainKeepsOneFamilySignInPerIssuerApartFromTheSignIns() throws {
        let keychain = TestKeychain()
        let store = KeychainItemStore(items: keychain, account: "default", accessGroup: "TEAM123456.com.example.family")
        #expect(try store.loadFamilySignIn(issuer: Self.signIn.issuer) == nil)
        try store.saveFamilySignIn(Self.signIn)
        try store.saveFamilySignIn(Self.signIn)  // replaced, not added twice
        #expect(try store.loadFamilySignIn(issuer: Self.signIn.issuer) == Self.signIn)
        #expect(try store.loadFamilySignIn(issuer: "https://other.example.com") == nil)
        // The family's item is no account's sign-in.
        #expect(try store.accounts().isEmpty)
        try store.removeFamilySignIn(issuer: Self.signIn.issuer)
        #expect(try store.loadFamilySignIn(issuer: Self.signIn.issuer) == nil)
    }

    @Test func aMissingEntitlementNamesTheAccessGroup() throws {
        let keychain = TestKeychain()
        let store = KeychainItemStore(items: keychain, account: "default", accessGroup: "TEAM123456.com.example.family")
        keychain.answerNext(KeychainStatus.missingEntitlement)
        let error = #expect(throws: KeychainFailure.self) { try store.loadFamilySignIn(issuer: Self.signIn.issuer) }
        #expect(error.map { "\($0)" }?.contains("TEAM123456.com.example.family") == true)
    }

    @Test func aLockedKeychainIsUnavailableNotEmpty() throws {
        let keychain = TestKeychain()
        let store = KeychainItemStore(items: keychain, account: "default", accessGroup: nil)
        keychain.answerNext(KeychainStatus.interactionNotAllowed)
        #expect(throws: TokenStoreUnavailableError.self) { try store.loadFamilySignIn(issuer: Self.signIn.issuer) }
    }

    @Test func theFolderRefusesAFileOthersCanRead() async throws {
        let directory = try makeTestDirectory("oauthgen-family-folder")
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = FamilySignInFolder(path: directory.appendingPathComponent("family").path)
        try await folder.save(Self.signIn)
        #expect(try await folder.load(issuer: Self.signIn.issuer) == Self.signIn)
        let file = folder.filePath(issuer: Self.signIn.issuer)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        let error = await #expect(throws: OAuthError.self) { try await folder.load(issuer: Self.signIn.issuer) }
        #expect(error?.description.contains("chmod 600") == true)
        try await folder.remove(issuer: Self.signIn.issuer)
        try await folder.remove(issuer: Self.signIn.issuer)  // nothing left: no error
        #expect(try await folder.load(issuer: Self.signIn.issuer) == nil)
    }

    @Test func anAccessGroupTakesTheTeamsPrefixFromTheApp() throws {
        let group = "$(AppIdentifierPrefix)com.example.family"
        #expect(
            try AccessGroupName.resolved(group, appIdentifierPrefix: "ABCDE12345.") == "ABCDE12345.com.example.family")
        #expect(
            try AccessGroupName.resolved(
                "$(TeamIdentifierPrefix)com.example.family", appIdentifierPrefix: "ABCDE12345.")
                == "ABCDE12345.com.example.family")
        #expect(
            try AccessGroupName.resolved("ABCDE12345.com.example.family", appIdentifierPrefix: nil)
                == "ABCDE12345.com.example.family")
        // An Info.plist without the key, or with the variable Xcode did not substitute.
        for prefix in [nil, "", "$(AppIdentifierPrefix)"] {
            let error = #expect(throws: OAuthError.self) {
                try AccessGroupName.resolved(group, appIdentifierPrefix: prefix)
            }
            #expect(error?.kind == .invalidConfiguration)
            #expect(error?.description.contains("AppIdentifierPrefix") == true)
        }
    }

    @Test func noDescriptionShowsTheSecrets() {
        for text in [Self.signIn.description, "\(Self.signIn)", String(reflecting: Self.signIn)] {
            #expect(!text.contains("id-token-3f2e") && !text.contains("secret-9c8b"))
        }
        var tokens = TokenSet(accessToken: "access-1")
        tokens.deviceSecret = "secret-9c8b"
        #expect(!tokens.description.contains("secret-9c8b"))
        // Never stored with the app's own tokens.
        let encoded = String(decoding: (try? JSONEncoder().encode(tokens)) ?? Data(), as: UTF8.self)
        #expect(!encoded.contains("secret-9c8b") && encoded.contains("access-1"))
    }
}
