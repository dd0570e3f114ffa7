import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// A DPoP-bound sign-in survives a relaunch with its key (RFC 9449: a bound refresh token is
/// useless without it), and no description shows the key.
@Suite struct DPoPPersistenceTests {
    @Test func theKeyIsStoredWithTheTokensInAFileStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-dpop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = SoftwareDPoPKey()
        var tokens = TokenSet(accessToken: "at-secret", tokenType: "DPoP", refreshToken: "rt-secret")
        tokens.dpopKey = DPoPSigningKey(key)
        let store = FileTokenStore(path: directory.appendingPathComponent("tokens.json").path)
        try await store.save(SignInRecord(tokens: tokens, idToken: nil))

        // A new store on the same file, as after a relaunch.
        let loaded = try #require(
            await FileTokenStore(path: directory.appendingPathComponent("tokens.json").path).load())
        #expect(loaded.tokens.dpopKey == DPoPSigningKey(key))
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
        let key = DPoPSigningKey(SoftwareDPoPKey())
        let request = try AuthorizationRequest<DiscoveredProvider>(
            configuration: configuration, clientID: "client-1",
            redirectURI: URL(string: "com.example.app:/cb")!, scopes: ["openid"], dpopKey: key)
        #expect(request.url.query?.contains("dpop_jkt=\(key.thumbprint)") == true)
        let decoded = try JSONDecoder().decode(
            PendingAuthorization<DiscoveredProvider>.self, from: JSONEncoder().encode(request.pending))
        #expect(decoded.dpopKey == key)
        #expect("\(decoded)".contains("DPoP key: <redacted>"))
        #expect("\(key)" == "SoftwareDPoPKey(thumbprint: \(key.thumbprint))")
    }

    @Test func theStoredFormNamesWhereTheKeyLives() throws {
        let software = SoftwareDPoPKey()
        let json = try JSONEncoder().encode(DPoPSigningKey(software))
        #expect(
            try JSONDecoder().decode([String: String].self, from: json) == [
                "software": software.rawRepresentation.base64EncodedString()
            ])
        #expect(try JSONDecoder().decode(DPoPSigningKey.self, from: json) == DPoPSigningKey(software))
        // An enclave handle is refused where there is no enclave, and nothing decodes as a key by default.
        #if !canImport(CryptoKit)
        #expect {
            try JSONDecoder().decode(DPoPSigningKey.self, from: Data(#"{"secureEnclave":"AAAA"}"#.utf8))
        } throws: {
            guard case .dataCorrupted(let context)? = $0 as? DecodingError else { return false }
            return context.debugDescription == "expected a key this platform can use, found a Secure Enclave key"
        }
        #endif
        #expect { try JSONDecoder().decode(DPoPSigningKey.self, from: Data(#"{"hardware":"AAAA"}"#.utf8)) } throws: {
            guard case .dataCorrupted(let context)? = $0 as? DecodingError else { return false }
            return context.debugDescription == "expected a software or secureEnclave key, found neither"
        }
    }

    @Test func eachSignInGetsANewKey() throws {
        let first = try DPoPKeyStorage.software.makeKey()
        let second = try DPoPKeyStorage.software.makeKey()
        #expect(first != second)
        #expect(first.thumbprint != second.thumbprint)
    }
}
