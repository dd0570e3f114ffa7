import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthLocking
import OAuthPolicy
@_spi(Testing) @testable import OAuthRuntime
@_spi(Testing) @testable import OAuthResources
import Testing
import TestSupport

/// MCP tool calls signed in with the device grant (RFC 8628) against authlib's device
/// authorization endpoint and grant (`MachinePeer`), the user approving on "another device" (the
/// test) once the code is shown. No browser may open.
@Suite(
    .enabled("needs authlib and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() },
    .serialized)
struct DeviceToolCallTests {
    /// Shows nothing: notes each code, and approves it at once unless told to wait.
    struct ApprovingPresenter: DeviceCodePresenter {
        let issuer: String
        let approvesAtOnce: Bool
        let shown = LockedBox<[String]>([])

        func present(_ authorization: DeviceAuthorization<DiscoveredProvider>) async throws(OAuthError) {
            shown.value.append(authorization.userCode)
            guard approvesAtOnce else { return }
            do {
                try await MachinePeer.approveDevice(userCode: authorization.userCode, at: issuer)
            } catch {
                throw OAuthError(.unexpectedResponse, "the test could not approve the code: \(error)")
            }
        }
    }

    static func session(
        _ server: MCPTestServer, client: ResourceClient, presenter: ApprovingPresenter
    ) throws -> ProtectedResourceSession {
        ProtectedResourceSession(
            resource: server.endpoint,
            signIn: DeviceGrantSignIn(client: client, presenter: presenter),
            options: ClientOptions(allowInsecureLoopback: true))
    }

    /// A pre-registered public client: the device authorization and the poll both name the
    /// resource (RFC 8707) and its scopes; the tool answers.
    @Test func aToolCallByTheDeviceGrant() async throws {
        let peer = try MachinePeer(grants: ["device_code"], deviceInterval: 1)
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let presenter = ApprovingPresenter(issuer: peer.issuer, approvesAtOnce: true)
        let session = try Self.session(
            server, client: .preregistered(MachinePeer.deviceClientID, issuer: peer.issuer), presenter: presenter)
        #expect(try await UnattendedToolCallTests.add(6, 7, over: session) == "13")
        #expect(presenter.shown.value.count == 1)
        let requests = peer.requests()
        #expect(
            requests.map { $0["endpoint"] as? String ?? $0["grant_type"] as? String } == [
                "/device_authorization", "urn:ietf:params:oauth:grant-type:device_code",
            ])
        for request in requests {
            #expect(request["resource"] as? String == server.endpoint.absoluteString)
            #expect(request["client_id"] as? String == MachinePeer.deviceClientID)
        }
        #expect(requests.first?["scope"] as? String == "read")
    }

    /// A poll sooner than the server wants is answered `slow_down`; every later poll waits 5 s
    /// more (RFC 8628 §3.5). The server asks for 1 s but slows down any poll within 30 s of the
    /// last, so the second poll is answered `slow_down` however loaded the machine (with a 3 s
    /// bound, a poll delayed past it was merely pending once); the user approves after it.
    @Test func slowDownLengthensEveryLaterPoll() async throws {
        let peer = try MachinePeer(grants: ["device_code"], deviceInterval: 1, deviceSlowDownBelow: 30)
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let presenter = ApprovingPresenter(issuer: peer.issuer, approvesAtOnce: false)
        let session = try Self.session(
            server, client: .preregistered(MachinePeer.deviceClientID, issuer: peer.issuer), presenter: presenter)
        let (directory, issuer) = (peer.directory, peer.issuer)
        let approver = Task {
            // Approved once the second poll was answered slow_down (a server checks the approval
            // first), so the third poll, 6 s later, is the one that succeeds.
            try await Bounded.poll(for: .seconds(120)) {
                MachinePeer.tokenAnswers(in: directory).contains("slow_down")
            }
            try await MachinePeer.approveDevice(userCode: presenter.shown.value[0], at: issuer)
        }
        let (_, response) = try await session.data(for: URLRequest(url: server.endpoint))
        try await approver.value
        #expect(response.statusCode != 401)
        let polls = peer.requests().filter { $0["grant_type"] as? String == ResourceServerGrant.deviceCodeGrantType }
        #expect(polls.count == 3)
        let times = polls.compactMap { $0["at"] as? Double }
        // 1 s, answered slow_down; then 1 + 5 s.
        #expect(times.count == 3 && times[2] - times[1] >= 6, "\(times)")
    }

    /// A client registered at run time asks for the device grant, with no redirect URI, and not
    /// for refresh tokens, which this server's grant_types_supported leaves out.
    @Test func aDynamicRegistrationAsksForTheDeviceGrant() async throws {
        let peer = try MachinePeer(grants: ["device_code"], deviceInterval: 1, registration: true)
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let presenter = ApprovingPresenter(issuer: peer.issuer, approvesAtOnce: true)
        let session = try Self.session(
            server, client: .dynamic(clientName: "oauthgen device tests"), presenter: presenter)
        #expect(try await UnattendedToolCallTests.add(1, 1, over: session) == "2")
        let registration = try #require(peer.requests().first { $0["endpoint"] as? String == "/register" })
        #expect(registration["grant_types"] as? String == ResourceServerGrant.deviceCodeGrantType)
        #expect(registration["redirect_uris"] as? String == "")
        #expect(registration["response_types"] as? String == "")
    }
}
