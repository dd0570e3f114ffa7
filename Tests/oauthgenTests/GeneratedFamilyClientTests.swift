import Foundation
import TestSupport
import Testing

/// The generated client of a provider whose quirk file names a family of apps (issue 56) has the
/// family's members; any other provider's client has none: a compile error, not a runtime one.
/// Both with the real compiler against the built runtime, as an app would compile them.
@Suite struct GeneratedFamilyClientTests {
    /// An app's call to each family member, on `typeName`'s client.
    static func snippet(_ typeName: String) -> String {
        """
        import OAuthRuntime

        func signInFromTheFamily() async throws {
            let family = AppFamily(store: FamilySignInFolder(path: "/tmp/family"))
            let client = try \(typeName).client(options: ClientOptions(family: family))
            if await client.familySignInAvailable() {
                _ = try await client.signInFromFamily()
            }
            try await client.forgetFamilySignIn()
        }

        """
    }

    static func generate(_ inputs: [String], snippetFor typeName: String) async throws -> (URL, ProcessRunner.Run) {
        let directory = try makeTemporaryDirectory()
        #expect(await OAuthGenInProcess.run(["generate"] + inputs + ["--output", directory.path]).status == 0)
        try Self.snippet(typeName).write(
            to: directory.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        return (directory, try await OAuthGenBinary.typecheck(directory))
    }

    @Test func aFamilysProviderHasTheFamilyMembers() async throws {
        let (directory, run) = try await Self.generate(["Tests/oauthgenTests/Fixtures/family"], snippetFor: "Bank")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(run.status == 0, "\(run.stderr)")
        let source = try String(contentsOf: directory.appendingPathComponent("bank.oauthgen.swift"), encoding: .utf8)
        #expect(source.contains(", SupportsNativeSSO {"))
        #expect(
            source.contains(#"static let familyKeychainAccessGroup = "$(AppIdentifierPrefix)com.example.bank.family""#))
        #expect(source.contains("nativeSSOSupported: true"))
        #expect(source.contains(#"deviceSecretTokenType: "urn:x-oath:params:oauth:token-type:device-secret""#))
    }

    @Test func aProviderWithoutAFamilyHasNoFamilyMember() async throws {
        let (directory, run) = try await Self.generate(
            ["Examples/Providers/google.openid-configuration.json", "Examples/Providers/google.quirks.plist"],
            snippetFor: "Google")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(run.status != 0)
        for member in ["familySignInAvailable", "signInFromFamily", "forgetFamilySignIn"] {
            #expect(run.stderr.contains("\(member)"), "\(run.stderr)")
        }
        #expect(run.stderr.contains("'Google' conform to 'SupportsNativeSSO'"), "\(run.stderr)")
    }
}
