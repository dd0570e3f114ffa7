import Foundation
import OAuthRuntime
import Testing

@Suite struct FileTokenStoreTests {
    let signIn = SignIn(tokens: TokenSet(accessToken: "at", refreshToken: "rt"), idToken: nil)

    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-store-\(UUID().uuidString)/tokens.json").path
    }

    @Test func savesOwnerOnlyAndLoadsBack() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = FileTokenStore(path: path)
        #expect(await store.load() == nil)
        try await store.save(signIn)
        #expect(await store.load() == signIn)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let directory = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["tokens.json"])
        try await store.save(SignIn(tokens: TokenSet(accessToken: "at2"), idToken: nil))
        #expect(await store.load()?.tokens.accessToken == "at2")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["tokens.json"])
    }

    @Test func aCorruptFileMeansSignedOut() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{\"tokens\": tru".utf8).write(to: URL(fileURLWithPath: path))
        let store = FileTokenStore(path: path)
        #expect(await store.load() == nil)
        let session = OAuthSession(client: try OAuthClient(configuration: testConfiguration()), store: store)
        await #expect(throws: OAuthError.notSignedIn) { try await session.validAccessToken() }
    }

    @Test func clearRemovesTheFile() async throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = FileTokenStore(path: path)
        try await store.save(signIn)
        try await store.clear()
        #expect(!FileManager.default.fileExists(atPath: path))
        try await store.clear()
    }
}
