import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(Testing) @testable import OAuthRuntime
@_spi(Testing) @testable import OAuthResources
import Testing
import TestSupport

/// The run-time quirk catalog against a real server (`MachinePeer`, authlib's device and refresh
/// grants): an Entra-like server that refuses `resource` on a refresh is refreshed without it
/// because its entry says so, every other server gets `resource`, and a server that registers
/// no one is refused before a registration is tried.
@Suite(
    .enabled("needs authlib and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() },
    .serialized)
struct ServerQuirkTests {
    /// A catalog naming `peer` as `quirks`, before the built-in entries.
    static func catalog(naming peer: MachinePeer, _ quirks: ServerQuirks) -> ServerQuirkCatalog {
        ServerQuirkCatalog(
            entries: [
                ServerQuirkEntry(
                    name: "an Entra-like test server", issuerPattern: peer.issuer, quirks: quirks,
                    sources: ["Tests/Support/machine (refresh_refuses_resource)"])
            ] + ServerQuirkCatalog.builtIn.entries)
    }

    /// A device sign-in at `peer`'s MCP server, then a refresh: the refresh's token request.
    static func signInAndRefresh(
        _ peer: MachinePeer, catalog: ServerQuirkCatalog = .builtIn
    ) async throws -> (ProtectedResourceSession, MCPTestServer, Result<Void, OAuthError>) {
        let server = try peer.mcpServer()
        let session = ProtectedResourceSession(
            resource: server.endpoint,
            signIn: DeviceGrantSignIn(
                client: .preregistered(MachinePeer.deviceClientID, issuer: peer.issuer),
                presenter: DeviceToolCallTests.ApprovingPresenter(issuer: peer.issuer, approvesAtOnce: true)),
            options: ClientOptions(allowInsecureLoopback: true),
            policy: ResourceSessionPolicy(serverQuirks: catalog))
        #expect(try await UnattendedToolCallTests.add(1, 2, over: session) == "3")
        do {
            try await session.oauthSession().refresh()
            return (session, server, .success(()))
        } catch {
            return (session, server, .failure(error))
        }
    }

    static func refreshRequest(_ peer: MachinePeer) -> [String: Any]? {
        peer.requests().first { $0["grant_type"] as? String == "refresh_token" }
    }

    @Test func anEntraLikeServerIsRefreshedWithoutResourceBecauseItsEntrySaysSo() async throws {
        let peer = try MachinePeer(grants: ["device_code", "refresh"], deviceInterval: 1, refreshRefusesResource: true)
        defer { peer.stop() }
        let (session, server, refreshed) = try await Self.signInAndRefresh(
            peer,
            catalog: Self.catalog(naming: peer, ServerQuirks(provider: ProviderQuirks(omitsResourceOnRefresh: true))))
        defer { server.stop() }
        #expect(throws: Never.self) { try refreshed.get() }
        #expect(await session.appliedServerQuirks?.name == "an Entra-like test server")
        let refresh = try #require(Self.refreshRequest(peer))
        #expect(refresh["resource"] == nil)
        // The scopes bind the audience there instead.
        #expect(refresh["scope"] as? String == "read")
        // The refreshed token still reaches the MCP server (bound to it by the grant).
        #expect(try await UnattendedToolCallTests.add(2, 3, over: session) == "5")
        // Every other token request named the resource.
        let others = peer.requests().filter {
            $0["grant_type"] != nil && $0["grant_type"] as? String != "refresh_token"
        }
        #expect(!others.isEmpty && others.allSatisfy { $0["resource"] as? String == server.endpoint.absoluteString })
    }

    /// Without an entry, the same server's refusal stands: nothing is guessed from a failure.
    @Test func withoutAnEntryTheRefusalStands() async throws {
        let peer = try MachinePeer(grants: ["device_code", "refresh"], deviceInterval: 1, refreshRefusesResource: true)
        defer { peer.stop() }
        let (session, server, refreshed) = try await Self.signInAndRefresh(peer)
        defer { server.stop() }
        guard case .failure(let error) = refreshed else {
            Issue.record("expected the refresh to be refused")
            return
        }
        #expect(error.kind == .requestRejected)
        #expect(error.protocolError?.errorDescription?.hasPrefix("AADSTS9010010") == true)
        #expect(await session.appliedServerQuirks == nil)
        #expect(peer.requests().filter { $0["grant_type"] as? String == "refresh_token" }.count == 1)
    }

    /// A server the catalog does not name gets `resource` on a refresh (RFC 8707 §2.2).
    @Test func everyOtherServerGetsResourceOnRefresh() async throws {
        let peer = try MachinePeer(grants: ["device_code", "refresh"], deviceInterval: 1)
        defer { peer.stop() }
        let (_, server, refreshed) = try await Self.signInAndRefresh(peer)
        defer { server.stop() }
        #expect(throws: Never.self) { try refreshed.get() }
        #expect(Self.refreshRequest(peer)?["resource"] as? String == server.endpoint.absoluteString)
    }

    /// A server whose entry says it registers no one: a session that would register is refused
    /// at discovery, naming the option, with nothing sent to the server.
    @Test func aServerThatRegistersNoOneNeedsAClientID() async throws {
        let peer = try MachinePeer(grants: ["device_code"], deviceInterval: 1, registration: true)
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let session = ProtectedResourceSession(
            resource: server.endpoint,
            signIn: DeviceGrantSignIn(
                client: .dynamic(clientName: "oauthgen quirk tests"),
                presenter: DeviceToolCallTests.ApprovingPresenter(issuer: peer.issuer, approvesAtOnce: true)),
            options: ClientOptions(allowInsecureLoopback: true),
            policy: ResourceSessionPolicy(
                serverQuirks: Self.catalog(naming: peer, ServerQuirks(registrationUnavailable: true))))
        let error = await #expect(throws: OAuthError.self) { try await session.discovery() }
        #expect(error?.kind == .invalidConfiguration)
        #expect(
            error?.description.contains("oauthgen-login --client-id ID --authorization-server \(peer.issuer)") == true)
        #expect(peer.requests().isEmpty)
    }
}
