import Foundation
@testable import OAuthRuntime
import Testing

/// A DPoP-bound sign-in survives a relaunch with its key (RFC 9449: a bound refresh token is
/// useless without it), and no description shows the key.
@Suite struct DPoPPersistenceTests {
    @Test func theKeyIsStoredWithTheTokensInAFileStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-dpop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = SoftwareDPoPKey()
        var tokens = TokenSet(accessToken: "at-secret", tokenType: "DPoP", refreshToken: "rt-secret")
        tokens.dpopKey = key
        let store = FileTokenStore(path: directory.appendingPathComponent("tokens.json").path)
        try await store.save(SignInRecord(tokens: tokens, idToken: nil))

        // A new store on the same file, as after a relaunch.
        let loaded = try #require(await FileTokenStore(path: directory.appendingPathComponent("tokens.json").path).load())
        #expect(loaded.tokens.dpopKey == key)
        #expect(loaded.tokens.dpopKey?.thumbprint == key.thumbprint)
        #expect(loaded.tokens.tokenType == "DPoP")
        for text in ["\(loaded)", "\(loaded.tokens)", String(reflecting: loaded.tokens)] {
            #expect(!text.contains(Base64URL.encode(key.rawRepresentation)))
            #expect(!text.contains("at-secret") && !text.contains("rt-secret"))
        }
    }

    @Test func aPendingAuthorizationKeepsItsKeyAcrossARelaunch() throws {
        var configuration = testConfiguration()
        configuration.quirks.dpop = true
        let key = SoftwareDPoPKey()
        let request = try AuthorizationRequest<DiscoveredProvider>(configuration: configuration, clientID: "client-1",
                                                                   redirectURI: URL(string: "com.example.app:/cb")!, scopes: ["openid"], dpopKey: key)
        #expect(request.url.query?.contains("dpop_jkt=\(key.thumbprint)") == true)
        let decoded = try JSONDecoder().decode(PendingAuthorization<DiscoveredProvider>.self, from: JSONEncoder().encode(request.pending))
        #expect(decoded.dpopKey == key)
        #expect(!"\(decoded)".contains(Base64URL.encode(key.rawRepresentation)))
    }
}
