import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// Stored sign-ins across app versions and across clients (hardening 3, items 5 and 11): every
/// format ever written reads back, a newer one is kept and reported, and a session neither uses
/// nor clears another client's.
@Suite struct StoredSignInTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "oauthgen-stored-\(UUID().uuidString)")
    var path: String { directory.appendingPathComponent("tokens.json").path }

    /// `StoredFormats/` holds records as a released version wrote them; never edit one, add the
    /// next format's beside them.
    static func golden(_ name: String) throws -> Data {
        try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "StoredFormats/\(name)"))
    }

    func storeHolding(_ data: Data) throws -> FileTokenStore {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600]))
        return FileTokenStore(path: path)
    }

    func session(
        _ store: any TokenStore, clientID: String = "client-1", issuer: String = "https://id.example.com",
        transport: LocalTransport = LocalTransport()
    ) throws -> OAuthSession<DiscoveredProvider> {
        var configuration = testConfiguration(issuer: issuer, kind: .oauth2)
        configuration.endpoints.jwks = nil
        return OAuthSession(
            client: try OAuthClient<DiscoveredProvider>(
                configuration: configuration, options: ClientOptions(clientID: clientID, transport: transport)),
            store: store, now: { Date(timeIntervalSince1970: 1_800_000_000) })
    }

    @Test func formatOneRecordsReadBack() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let openID = try #require(try await storeHolding(try Self.golden("v1-openid.json")).load())
        #expect(openID.tokens.accessToken == "golden-access-token")
        #expect(openID.tokens.refreshToken == "golden-refresh-token")
        #expect(openID.tokens.expiresAt == Date(timeIntervalSince1970: 1_800_003_600))
        #expect(openID.idToken?.subject == "user-1")
        #expect(openID.idToken?.authTime == Date(timeIntervalSince1970: 1_799_999_000))
        #expect(openID.owner == nil)
        let dpop = try #require(try await storeHolding(try Self.golden("v1-oauth-dpop.json")).load())
        #expect(dpop.tokens.tokenType == "DPoP")
        #expect(dpop.tokens.dpopKey != nil)
        #expect(dpop.idToken == nil)
    }

    /// A format-1 record holds no owner: its ID token says whose it is.
    @Test func aFormatOneSignInIsItsIDTokensClients() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try storeHolding(try Self.golden("v1-openid.json"))
        #expect(try await session(store).validAccessToken() == "golden-access-token")
        await #expect { _ = try await session(store, clientID: "client-2").currentSignIn() } throws: {
            ($0 as? OAuthError)?.kind == .storedSignInMismatch
        }
    }

    @Test func theCurrentFormatCarriesItsVersionAndOwner() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileTokenStore(path: path)
        let session = try session(store)
        try await session.keep(.withoutIDToken(TokenSet(accessToken: "AT-1", refreshToken: "RT-1")))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(object["formatVersion"] as? Int == 2)
        #expect(
            object["owner"] as? [String: String] == [
                "issuer": "https://id.example.com", "clientID": "client-1",
                "tokenEndpoint": "https://id.example.com:443",
            ])
        #expect(
            try await store.load()?.owner
                == SignInOwner(
                    issuer: "https://id.example.com", clientID: "client-1", tokenEndpoint: "https://id.example.com:443")
        )
    }

    /// A client that registered itself keeps the registration with the sign-in, in format 3;
    /// one that did not still writes format 2, which older versions of the app read.
    @Test func aRegistrationIsKeptWithTheSignInInFormat3() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let registration = ClientRegistrationRecord(
            issuer: "https://id.example.com", clientID: "dyn-1", method: .dynamic,
            redirectURIs: [URL(string: "http://127.0.0.1/callback")!], registrationAccessToken: "RAT-secret")
        let configuration = ProviderConfiguration(
            issuer: "https://id.example.com",
            endpoints: ProviderEndpoints(
                authorization: URL(string: "https://id.example.com/authorize")!,
                token: URL(string: "https://id.example.com/token")!),
            metadata: ProviderMetadata(kind: .oauth2), client: ClientRegistration())
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(registration: registration))
        #expect(client.clientID == "dyn-1")
        let store = FileTokenStore(path: path)
        try await OAuthSession(client: client, store: store).keep(
            .withoutIDToken(TokenSet(accessToken: "AT-1", refreshToken: "RT-1")))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(object["formatVersion"] as? Int == 3)
        let loaded = try #require(try await store.load())
        #expect(loaded.registration == registration)
        #expect(!String(describing: loaded).contains("RAT-secret"))
        #expect(!String(describing: registration).contains("RAT-secret"))
        var dumped = ""
        dump(registration, to: &dumped)
        #expect(!dumped.contains("RAT-secret"))
        // A registration made with another issuer is refused before anything is sent.
        var other = registration
        other.issuer = "https://other.example.com"
        let refused = #expect(throws: OAuthError.self) {
            try OAuthClient<DiscoveredProvider>(
                configuration: configuration, options: ClientOptions(registration: other))
        }
        #expect(refused?.kind == .invalidConfiguration)
        #expect(
            refused?.message
                == "expected a client registration made with \"\(configuration.issuer ?? "")\", found one made with \"https://other.example.com\""
        )
    }

    /// Okta's SDK changed its stored format in a minor release and signed every user out. A
    /// record from a newer version is reported, and stays for that version to read.
    @Test func aNewerFormatIsKeptAndReported() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var object = try #require(
            try JSONSerialization.jsonObject(with: try Self.golden("v1-openid.json")) as? [String: Any])
        object["formatVersion"] = 4
        object["somethingNew"] = ["a": 1]
        let data = try JSONSerialization.data(withJSONObject: object)
        let store = try storeHolding(data)
        await #expect(throws: StoredSignInFormatError(found: 4)) { try await store.load() }
        let session = try session(store)
        do {
            _ = try await session.validAccessToken()
            Issue.record("expected the newer record to be refused")
        } catch {
            #expect(error.kind == .storedSignInIncompatible)
            #expect(
                error.description
                    == "expected a stored sign-in of format 3 or older, found format 4 (written by a newer version of the app); it is kept"
            )
        }
        #expect(try await session.signOut() == .wasNotSignedIn)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == data)
    }

    /// Client B's session on a store holding client A's sign-in returned A's access token, sent
    /// A's refresh token to B's token endpoint, and on `invalid_grant` deleted A's sign-in.
    @Test(arguments: [("client-2", "https://id.example.com"), ("client-1", "https://other.example.com")])
    func anotherClientsSignInIsNeitherUsedNorCleared(clientID: String, issuer: String) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileTokenStore(path: path)
        try await session(store).keep(
            .withoutIDToken(
                TokenSet(accessToken: "AT-A", expiresAt: Date(timeIntervalSince1970: 1), refreshToken: "RT-A")))
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        let transport = LocalTransport()
        await transport.set("https://id.example.com/token", json(#"{"error":"invalid_grant"}"#, status: 400))
        let other = try session(store, clientID: clientID, issuer: issuer, transport: transport)
        for attempt in [
            { _ = try await other.validAccessToken() }, { _ = try await other.refresh() },
            { try await other.keep(.withoutIDToken(TokenSet(accessToken: "AT-B"))) },
        ] as [@Sendable () async throws -> Void] {
            do {
                try await attempt()
                Issue.record("expected client A's sign-in to be refused")
            } catch let error as OAuthError {
                #expect(error.kind == .storedSignInMismatch)
                #expect(error.description.contains("found one of client \"client-1\" at \"https://id.example.com\""))
                #expect(!error.description.contains("AT-A") && !error.description.contains("RT-A"))
            }
        }
        #expect(try await other.signOut() == .wasNotSignedIn)
        #expect(await transport.requests.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == saved)
    }
}
