import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(Testing) @testable import OAuthRuntime
@_spi(Testing) @testable import OAuthResources
import RuntimeTestSupport
import Testing
import TestSupport

/// Issue 45, item 8: DPoP for protected resources and MCP servers (RFC 9449; the MCP DPoP
/// extension, SEP-1932; the conformance suite's `auth/dpop` and `auth/dpop-nonce`), against
/// `dpop_server.py`, which checks every proof. Seen failing before: the session sent no proof at
/// the token endpoint (refused `invalid_dpop_proof`) and presented a Bearer token.
@Suite(.enabled("needs python3 with cryptography and PyJWT") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct DPoPResourceTests {
    static let redirect = try! RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!)

    func session(
        _ peers: DPoPPeers, store: any TokenStore = MemoryTokenStore(), alwaysUsesDPoP: Bool = false
    ) throws -> ProtectedResourceSession {
        ProtectedResourceSession(
            resource: URL(string: peers.resource)!,
            signIn: BrowserSignIn(
                client: .preregistered(DPoPPeers.clientID, issuer: peers.issuer), redirectURI: Self.redirect,
                userAgent: LoopbackUserAgent(browserCommand: try peers.browserCommand, timeout: 30)),
            store: store,
            options: ClientOptions(allowInsecureLoopback: true),
            policy: ResourceSessionPolicy(alwaysUsesDPoP: alwaysUsesDPoP))
    }

    func call(_ session: ProtectedResourceSession, _ peers: DPoPPeers) async throws -> Int {
        try await session.data(for: URLRequest(url: URL(string: peers.resource)!)).1.statusCode
    }

    /// Where the resource challenges with `DPoP`, or its server lists ES256 (each on its own):
    /// a valid proof at the token endpoint, a `DPoP` token bound to the key kept with the
    /// sign-in, and a fresh proof with every request to the resource.
    @Test(arguments: [
        DPoPPeers.Posture(), DPoPPeers.Posture(bearerChallenge: true), DPoPPeers.Posture(advertised: false),
    ])
    func tokensAreBoundWhereTheResourceOrItsServerOffersDPoP(posture: DPoPPeers.Posture) async throws {
        let peers = try DPoPPeers(posture)
        defer { peers.stop() }
        let session = try session(peers)
        #expect(try await call(session, peers) == 200)
        #expect(try await call(session, peers) == 200)

        let key = try #require(try await session.oauthSession().currentSignIn()?.tokens.dpopKey)
        let requests = peers.requests()
        let tokens = requests.filter { $0["at"] as? String == "token" }
        #expect(tokens.map { $0["proof"] as? String } == ["valid"])
        #expect(tokens.first?["jkt"] as? String == key.thumbprint)
        let calls = requests.filter { $0["at"] as? String == "resource" && $0["authorization"] as? String != nil }
        #expect(calls.map { $0["authorization"] as? String } == ["DPoP", "DPoP"])
        #expect(calls.map { $0["answer"] as? Int } == [200, 200])
    }

    /// Both servers demand their nonce: each challenge is answered once, with the nonce, and the
    /// resource's is remembered for the next request.
    @Test func nonceDemandsAreAnsweredOnceAtEachServer() async throws {
        let peers = try DPoPPeers(DPoPPeers.Posture(nonces: true))
        defer { peers.stop() }
        let session = try session(peers)
        #expect(try await call(session, peers) == 200)
        #expect(try await call(session, peers) == 200)
        let requests = peers.requests()
        #expect(
            requests.filter { $0["at"] as? String == "token" }.map { $0["answer"] as? String } == [
                "use_dpop_nonce", "tokens",
            ])
        let calls = requests.filter { $0["at"] as? String == "resource" && $0["authorization"] as? String != nil }
        #expect(calls.map { "\($0["answer"] ?? "")" } == ["use_dpop_nonce", "200", "200"])
    }

    /// Neither server offers DPoP, yet both refuse what is not bound: the app's `alwaysUsesDPoP`
    /// (oauthgen-login's `--dpop`) binds the tokens; without it the token request is refused.
    @Test func theAppCanBindTokensWhereNothingOffersDPoP() async throws {
        let peers = try DPoPPeers(DPoPPeers.Posture(advertised: false, bearerChallenge: true))
        defer { peers.stop() }
        let bearer = try session(peers)
        let refused = await #expect(throws: OAuthError.self) { _ = try await call(bearer, peers) }
        #expect(refused?.kind == .requestRejected)
        #expect(refused?.protocolError?.code == "invalid_dpop_proof")
        let bound = try session(peers, alwaysUsesDPoP: true)
        #expect(try await call(bound, peers) == 200)
    }

    /// `oauthgen-login --resource` in two processes on one store: the second uses the first's
    /// key (the same `dpop_jkt`) and sign-in, and asks the authorization server nothing.
    @Test func processesOnOneStoreShareTheKey() async throws {
        let peers = try DPoPPeers(DPoPPeers.Posture(nonces: true))
        defer { peers.stop() }
        let directory = try makeTestDirectory("oauthgen-dpop-store")
        defer { try? FileManager.default.removeItem(at: directory) }
        var runs: [ProcessRunner.Run] = []
        for _ in 0..<2 {
            runs.append(
                try await ProcessRunner.runDetached(
                    ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
                    [
                        "--resource", peers.resource, "--client-id", DPoPPeers.clientID, "--authorization-server",
                        peers.issuer,
                        "--allow-insecure-loopback", "--json", "--timeout", "60", "--store",
                        directory.appendingPathComponent("store").path,
                        "--browser-command", try peers.browserCommand.joined(separator: " "),
                    ], timeout: 120))
        }
        let reports = runs.map {
            (try? JSONSerialization.jsonObject(with: Data($0.stdout.utf8))) as? [String: Any] ?? [:]
        }
        #expect(runs.map(\.status) == [0, 0], "\(runs.map(\.stderr))")
        let first = try #require(reports[0]["dpop_jkt"] as? String)
        #expect(reports[1]["dpop_jkt"] as? String == first)
        #expect(reports[1]["sign_in_reused"] as? Bool == true)
        #expect(peers.requests().filter { $0["at"] as? String == "token" }.count == 2)
    }
}
