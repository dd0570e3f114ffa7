import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(Testing) @testable import OAuthRuntime
import OAuthPolicy
@_spi(Testing) @testable import OAuthResources
import Testing
import TestSupport

/// MCP tool calls by a workload's platform JWT (the jwt-bearer grant, MCP workload identity
/// federation) against authlib's grant, which verifies the JWT with the platform's keys (a key
/// the test makes), its audience, expiry and jti: the file is read for each token request, a JWT
/// for another server is never sent, and a refusal is `invalid_grant` with no other grant tried.
@Suite(
    .enabled("needs authlib and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() },
    .serialized)
struct WorkloadToolCallTests {
    /// A peer taking workload JWTs, its MCP server, and a token file freshly minted.
    static func setUp(lifetimes: [Int] = [3600]) throws -> (MachinePeer, MCPTestServer, URL) {
        let peer = try MachinePeer(grants: ["workload"], accessTokenLifetimes: lifetimes)
        try peer.makeWorkloadPlatform()
        let file = peer.directory.appendingPathComponent("token")
        try peer.mintWorkloadToken(to: file)
        return (peer, try peer.mcpServer(), file)
    }

    /// The JWT rewritten between calls, as a platform rotates it: the renewal (what an expired
    /// token gets; asked for here, so that no clock decides when) reads the new one. The server
    /// refuses a jti it has seen, so a JWT kept from the first read would fail.
    @Test func aWorkloadJWTRewrittenBetweenCallsIsReadEachTime() async throws {
        let (peer, server, file) = try Self.setUp()
        defer {
            server.stop()
            peer.stop()
        }
        let session = try UnattendedToolCallTests.session(
            server, signIn: WorkloadIdentity(tokenFile: file))
        #expect(try await UnattendedToolCallTests.add(1, 2, over: session) == "3")
        try peer.mintWorkloadToken(to: file)
        try await session.oauthSession().refresh()
        #expect(try await UnattendedToolCallTests.add(3, 4, over: session) == "7")
        let requests = peer.requests()
        #expect(
            requests.map { $0["grant_type"] as? String }
                == Array(repeating: ExtensionGrant.jwtBearer.rawValue, count: 2))
        for request in requests {
            // No client ID, no client authentication: the JWT is the only credential.
            #expect(request["client_id"] == nil)
            #expect(request["authorization"] as? String == "")
            #expect(request["has"] as? [String] == ["assertion"])
            #expect(request["resource"] as? String == server.endpoint.absoluteString)
        }
    }

    /// A JWT addressed to another server is refused before anything is sent: the server a
    /// resource named could redeem it where it is valid.
    @Test func aJWTForAnotherServerIsNeverSent() async throws {
        let (peer, server, file) = try Self.setUp()
        defer {
            server.stop()
            peer.stop()
        }
        try peer.mintWorkloadToken(audience: "https://login.example.com/token", to: file)
        let session = try UnattendedToolCallTests.session(
            server, signIn: WorkloadIdentity(tokenFile: file))
        let error = await #expect(throws: OAuthError.self) {
            try await session.data(for: URLRequest(url: server.endpoint))
        }
        #expect(error?.kind == .invalidConfiguration)
        #expect(
            error?.description.contains(
                "to have the audience \(peer.tokenEndpoint) (the token endpoint) or \(peer.issuer), found https://login.example.com/token"
            ) == true)
        #expect(peer.requests().isEmpty)
    }

    /// A JWT the server does not trust (the platform's key rotated away) is `invalid_grant` with
    /// the server's description, after one request: no other grant is tried.
    @Test func aRefusedJWTIsInvalidGrantWithNoFallback() async throws {
        let (peer, server, file) = try Self.setUp()
        defer {
            server.stop()
            peer.stop()
        }
        try peer.makeWorkloadPlatform()
        let session = try UnattendedToolCallTests.session(
            server, signIn: WorkloadIdentity(tokenFile: file))
        let error = await #expect(throws: OAuthError.self) {
            try await session.data(for: URLRequest(url: server.endpoint))
        }
        #expect(error?.kind == .requestRejected)
        #expect(error?.protocolError?.code == "invalid_grant")
        #expect(peer.requests().map { $0["grant_type"] as? String } == [ExtensionGrant.jwtBearer.rawValue])
    }

    /// A renewal with the JWT the first sign-in used (the platform did not rewrite the file) is
    /// refused for its jti: `invalid_grant` with the server's description, signed out, and nothing
    /// else is tried.
    @Test func aReusedJWTIsRefusedWithTheServersDescription() async throws {
        let (peer, server, file) = try Self.setUp()
        defer {
            server.stop()
            peer.stop()
        }
        let session = try UnattendedToolCallTests.session(
            server, signIn: WorkloadIdentity(tokenFile: file))
        #expect(try await UnattendedToolCallTests.add(1, 2, over: session) == "3")
        let error = await #expect(throws: OAuthError.self) { try await session.oauthSession().refresh() }
        #expect(error?.kind == .signedOut)
        #expect(error?.protocolError?.code == "invalid_grant")
        #expect(error?.protocolError?.errorDescription == "the workload JWT has no jti, or one already used")
        #expect(
            peer.requests().map { $0["grant_type"] as? String }
                == Array(repeating: ExtensionGrant.jwtBearer.rawValue, count: 2))
    }

    /// An expired JWT (the platform has not rewritten the file) is refused before it is sent.
    @Test func anExpiredJWTIsNotSent() async throws {
        let (peer, server, file) = try Self.setUp()
        defer {
            server.stop()
            peer.stop()
        }
        try peer.mintWorkloadToken(lifetime: -120, to: file)
        let session = try UnattendedToolCallTests.session(
            server, signIn: WorkloadIdentity(tokenFile: file))
        let error = await #expect(throws: OAuthError.self) {
            try await session.data(for: URLRequest(url: server.endpoint))
        }
        #expect(error?.description.contains("found it expired at") == true)
        #expect(peer.requests().isEmpty)
    }
}
