import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import RuntimeTestSupport
import Testing
import TestSupport

/// OpenID Connect Native SSO for Mobile Apps 1.0 draft 07 (issue 56), against the spec-minimal
/// provider on 127.0.0.1 (`NativeSSOPeer`): the first app signs in through the browser (the
/// runtime's loopback agent, a stand-in browser following the provider's redirect) and keeps the
/// family's sign-in; its sibling signs in from it with one token exchange and no browser.
@Suite(.enabled("needs the venv's Python") { await DjangoProvider.isAvailableOffPool() })
struct NativeSSOTests {
    /// A client of the peer's provider for `clientID`, sharing sign-ins through `family`.
    static func client(
        _ peer: NativeSSOPeer, _ clientID: String, family: FamilySignInFolder?,
        quirks: (inout ProviderQuirks) -> Void = { _ in }
    ) async throws -> OAuthClient<DiscoveredProvider> {
        let issuer = URL(string: peer.issuer)!
        let discovery = try await URLSessionTransport().send(
            HTTPRequest(method: "GET", url: ProviderConfiguration.openIDConfigurationURL(forIssuer: issuer)))
        var configuration = try ProviderConfiguration(discoveryDocument: discovery.body, expectedIssuer: peer.issuer)
        configuration.client = ClientRegistration(
            clientID: clientID, redirectURIs: [URL(string: NativeSSOPeer.redirectURI)!], defaultScopes: ["openid"])
        quirks(&configuration.quirks)
        return try OAuthClient(
            configuration: configuration,
            options: ClientOptions(
                clientID: clientID, allowInsecureLoopback: true, family: family.map { AppFamily(store: $0) }))
    }

    /// The first app's sign-in through the browser.
    static func signInThroughTheBrowser(
        _ client: OAuthClient<DiscoveredProvider>
    ) async throws -> SignIn<DiscoveredProvider> {
        let browser = ProcessRunner.packageRoot.appendingPathComponent("Tests/Support/callback_browser.py").path
        let agent = LoopbackUserAgent(
            browserCommand: [try DjangoProvider.instance().python, browser, "--follow"], timeout: 60)
        return try await client.signIn(with: agent)
    }

    /// A provider, a family folder, and the first app signed in through the browser.
    static func familySignedIn(
        _ peer: NativeSSOPeer, quirks: (inout ProviderQuirks) -> Void = { _ in }
    ) async throws -> (FamilySignInFolder, URL) {
        let directory = try makeTestDirectory("oauthgen-native-sso")
        let family = FamilySignInFolder(path: directory.appendingPathComponent("family").path)
        let first = try await client(peer, NativeSSOPeer.firstApp, family: family, quirks: quirks)
        _ = try await signInThroughTheBrowser(first)
        return (family, directory)
    }

    /// The kind of the error `body` throws; `nil` if it throws none.
    static func kind(_ body: () async throws -> some Any) async -> OAuthError.Kind? {
        do {
            _ = try await body()
            return nil
        } catch {
            return (error as? OAuthError)?.kind
        }
    }

    static func exchanges(_ peer: NativeSSOPeer) -> [[String: Any]] {
        peer.tokenRequests().filter { $0["grant_type"] as? String == "urn:ietf:params:oauth:grant-type:token-exchange" }
    }

    @Test func aSiblingSignsInFromTheFamilyWithOneExchangeAndNoBrowser() async throws {
        let peer = try NativeSSOPeer()
        defer { peer.stop() }
        let (family, directory) = try await Self.familySignedIn(peer)
        defer { try? FileManager.default.removeItem(at: directory) }
        let kept = try #require(try await family.load(issuer: peer.issuer))
        #expect(kept.clientID == NativeSSOPeer.firstApp)
        // The family's file is the user's alone (0600), in a folder that is too (0700).
        let mode = try FileManager.default.attributesOfItem(atPath: family.filePath(issuer: peer.issuer))[
            .posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: family.path)[.posixPermissions]
        #expect((folderMode as? NSNumber)?.intValue == 0o700)

        let sibling = try await Self.client(peer, NativeSSOPeer.siblingApp, family: family)
        #expect(await sibling.familySignInAvailable())
        let signIn = try await sibling.signInFromFamily()
        let idToken = try #require(signIn.idToken)
        #expect(idToken.subject == "alice")
        #expect(idToken.audiences == [NativeSSOPeer.siblingApp])
        #expect(signIn.tokens.refreshToken != nil)
        // Exactly one exchange, with the draft's parameters (§4.1); the tokens only by name.
        let exchanges = Self.exchanges(peer)
        #expect(exchanges.count == 1)
        let exchange = try #require(exchanges.first)
        #expect(exchange["client_id"] as? String == NativeSSOPeer.siblingApp)
        #expect(exchange["subject_token_type"] as? String == "urn:ietf:params:oauth:token-type:id_token")
        #expect(exchange["actor_token_type"] as? String == "urn:openid:params:token-type:device-secret")
        #expect(exchange["audience"] as? String == peer.issuer)
        #expect((exchange["has"] as? [String]) == ["actor_token", "subject_token"])
        // The sibling's tokens are its own: its refresh works at the provider.
        let refreshed = try await sibling.refresh(signIn)
        #expect(refreshed.idToken?.subject == "alice")
    }

    @Test func aProviderWithoutNativeSSOSupportedIsNotAskedForDeviceSSO() async throws {
        let peer = try NativeSSOPeer(nativeSSOSupported: false)
        defer { peer.stop() }
        let directory = try makeTestDirectory("oauthgen-native-sso")
        defer { try? FileManager.default.removeItem(at: directory) }
        let family = FamilySignInFolder(path: directory.appendingPathComponent("family").path)
        let first = try await Self.client(peer, NativeSSOPeer.firstApp, family: family)
        let request = try await first.authorizationRequest(redirectURI: URL(string: NativeSSOPeer.redirectURI)!)
        let scope = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first {
            $0.name == "scope"
        }
        #expect(scope?.value == "openid")
        _ = try await Self.signInThroughTheBrowser(first)
        #expect(try await family.load(issuer: peer.issuer) == nil)
        let sibling = try await Self.client(peer, NativeSSOPeer.siblingApp, family: family)
        #expect(await Self.kind { try await sibling.signInFromFamily() } == .noFamilySignIn)
        #expect(Self.exchanges(peer).isEmpty)
    }

    @Test func aProviderWithNativeSSOSupportedIsAskedForDeviceSSO() async throws {
        let peer = try NativeSSOPeer()
        defer { peer.stop() }
        let family = FamilySignInFolder(path: try makeTestDirectory("oauthgen-native-sso").path)
        defer { try? FileManager.default.removeItem(atPath: family.path) }
        let first = try await Self.client(peer, NativeSSOPeer.firstApp, family: family)
        let request = try await first.authorizationRequest(redirectURI: URL(string: NativeSSOPeer.redirectURI)!)
        let scope = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first {
            $0.name == "scope"
        }
        #expect(scope?.value == "openid device_sso")
        // An app of no family never asks, whatever the provider supports.
        let alone = try await Self.client(peer, NativeSSOPeer.loneApp, family: nil)
        let lone = try await alone.authorizationRequest(redirectURI: URL(string: NativeSSOPeer.redirectURI)!)
        #expect(lone.url.query?.contains("device_sso") == false)
    }

    @Test func aWrongDeviceSecretIsRefusedAsTheDeviceSecret() async throws {
        let peer = try NativeSSOPeer()
        defer { peer.stop() }
        let (family, directory) = try await Self.familySignedIn(peer)
        defer { try? FileManager.default.removeItem(at: directory) }
        var kept = try #require(try await family.load(issuer: peer.issuer))
        kept.deviceSecret = "not-the-device-secret"
        try await family.save(kept)
        let sibling = try await Self.client(peer, NativeSSOPeer.siblingApp, family: family)
        let refused = await Self.kind { try await sibling.signInFromFamily() }
        #expect(refused == .deviceSecretRefused, "\(String(describing: refused))")
        #expect(Self.exchanges(peer).count == 1)
    }

    @Test func anotherFamilysAppIsNotInTheFamily() async throws {
        let peer = try NativeSSOPeer()
        defer { peer.stop() }
        let (family, directory) = try await Self.familySignedIn(peer)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stranger = try await Self.client(peer, NativeSSOPeer.otherFamilysApp, family: family)
        let error = await #expect(throws: OAuthError.self) { try await stranger.signInFromFamily() }
        #expect(error?.kind == .notInFamily)
        #expect(error?.protocolError?.code == "unauthorized_client")
    }

    @Test func anExpiredIDTokenTheServerRefusesIsTheIDTokens() async throws {
        // ID tokens 60 s past their expiry when issued: within the first app's 120 s of clock
        // skew, so its sign-in stands; the provider refuses them in the exchange.
        let peer = try NativeSSOPeer(idTokenLifetime: -60)
        defer { peer.stop() }
        let (family, directory) = try await Self.familySignedIn(peer)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sibling = try await Self.client(peer, NativeSSOPeer.siblingApp, family: family)
        #expect(await Self.kind { try await sibling.signInFromFamily() } == .familyIDTokenRefused)
        #expect(Self.exchanges(peer).count == 1)
    }

    @Test func anIDTokenNotTheProvidersIsNeverSent() async throws {
        let peer = try NativeSSOPeer()
        defer { peer.stop() }
        let (family, directory) = try await Self.familySignedIn(peer)
        defer { try? FileManager.default.removeItem(at: directory) }
        var kept = try #require(try await family.load(issuer: peer.issuer))
        // Another subject in the payload: the signature no longer verifies.
        var parts = kept.idToken.split(separator: ".").map(String.init)
        let payload = try #require(Base64URL.decode(parts[1]))
        var claims = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        claims["sub"] = "mallory"
        parts[1] = Base64URL.encode(try JSONSerialization.data(withJSONObject: claims))
        kept.idToken = parts.joined(separator: ".")
        try await family.save(kept)
        let sibling = try await Self.client(peer, NativeSSOPeer.siblingApp, family: family)
        let error = await #expect(throws: OAuthError.self) { try await sibling.signInFromFamily() }
        #expect(error?.kind == .familyIDTokenRefused)
        #expect(error?.idTokenFailure == .signatureInvalid)
        #expect(Self.exchanges(peer).isEmpty)
    }

    @Test func anExchangedIDTokenForAnotherUserIsRefused() async throws {
        let peer = try NativeSSOPeer(exchangeSubject: "mallory")
        defer { peer.stop() }
        let (family, directory) = try await Self.familySignedIn(peer)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sibling = try await Self.client(peer, NativeSSOPeer.siblingApp, family: family)
        let error = await #expect(throws: OAuthError.self) { try await sibling.signInFromFamily() }
        #expect(error?.kind == .invalidIDToken)
        #expect(error?.idTokenFailure == .subjectChanged)
    }

    @Test func aProviderOnTheEarlierDraftsURNGetsItFromTheQuirk() async throws {
        let peer = try NativeSSOPeer(deviceSecretTokenType: TokenTypeURI.oathDeviceSecret.rawValue)
        defer { peer.stop() }
        let (family, directory) = try await Self.familySignedIn(peer)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sibling = try await Self.client(peer, NativeSSOPeer.siblingApp, family: family) {
            $0.deviceSecretTokenType = .oathDeviceSecret
        }
        #expect(try await sibling.signInFromFamily().idToken?.subject == "alice")
        #expect(Self.exchanges(peer).first?["actor_token_type"] as? String == TokenTypeURI.oathDeviceSecret.rawValue)
    }

    @Test func anExchangeAnsweredWithoutARefreshTokenStillSignsIn() async throws {
        let peer = try NativeSSOPeer(exchangeRefreshToken: false)
        defer { peer.stop() }
        let (family, directory) = try await Self.familySignedIn(peer)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sibling = try await Self.client(peer, NativeSSOPeer.siblingApp, family: family)
        let signIn = try await sibling.signInFromFamily()
        #expect(signIn.tokens.refreshToken == nil)
        #expect(signIn.idToken?.subject == "alice")
    }

    @Test func aDeviceSecretTheExchangeRotatesIsTheFamilysFromThenOn() async throws {
        let peer = try NativeSSOPeer(rotatesDeviceSecret: true)
        defer { peer.stop() }
        let (family, directory) = try await Self.familySignedIn(peer)
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try #require(try await family.load(issuer: peer.issuer))
        let sibling = try await Self.client(peer, NativeSSOPeer.siblingApp, family: family)
        _ = try await sibling.signInFromFamily()
        let after = try #require(try await family.load(issuer: peer.issuer))
        #expect(after.deviceSecret != before.deviceSecret)
        #expect(after.clientID == NativeSSOPeer.siblingApp)
        // The old secret is gone at the server; the kept one signs the next sibling in.
        let third = try await Self.client(peer, NativeSSOPeer.firstApp, family: family)
        #expect(try await third.signInFromFamily().idToken?.subject == "alice")
    }

    @Test func aDeviceSecretARefreshBringsIsTheFamilysFromThenOn() async throws {
        let peer = try NativeSSOPeer(rotatesDeviceSecret: true)
        defer { peer.stop() }
        let directory = try makeTestDirectory("oauthgen-native-sso")
        defer { try? FileManager.default.removeItem(at: directory) }
        let family = FamilySignInFolder(path: directory.appendingPathComponent("family").path)
        let first = try await Self.client(peer, NativeSSOPeer.firstApp, family: family)
        let signIn = try await Self.signInThroughTheBrowser(first)
        let before = try #require(try await family.load(issuer: peer.issuer))
        let refreshed = try await first.refresh(signIn)
        let after = try #require(try await family.load(issuer: peer.issuer))
        #expect(after.deviceSecret != before.deviceSecret)
        #expect(after.idToken == refreshed.idToken?.rawValue)
        // The app's own tokens never hold it.
        #expect(refreshed.tokens.deviceSecret == nil)
    }

    @Test func forgettingTheFamilySignInSignsTheFamilyOut() async throws {
        let peer = try NativeSSOPeer()
        defer { peer.stop() }
        let (family, directory) = try await Self.familySignedIn(peer)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await Self.client(peer, NativeSSOPeer.firstApp, family: family)
        try await first.forgetFamilySignIn()
        let sibling = try await Self.client(peer, NativeSSOPeer.siblingApp, family: family)
        #expect(await !sibling.familySignInAvailable())
        #expect(await Self.kind { try await sibling.signInFromFamily() } == .noFamilySignIn)
    }
}
