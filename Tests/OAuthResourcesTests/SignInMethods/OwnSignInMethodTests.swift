import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) import OAuthRuntime
@_spi(Testing) import OAuthResources
import Testing
import TestSupport

/// A sign-in method written outside the package, with only its public API: the session signs in
/// with it, renews with it, and asks it about a step-up, with no change to the session. (The
/// issue's done-when for "a sign-in method is a value".)
@Suite(.enabled("needs authlib (python3)") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct OwnSignInMethodTests {
    /// Presents a JWT it is handed by `mint` for each sign-in (a platform's token kept in memory,
    /// not a file): the jwt-bearer grant (RFC 7523 §2.1), no client ID.
    struct MintedAssertionSignIn: ResourceSignInMethod {
        let mint: @Sendable () throws -> String
        var client: ResourceClient { .unregistered(storeName: "minted assertions") }
        var grant: ResourceGrant { .workloadIdentity }
        var involvesPerson: Bool { false }
        var description: String { "minted assertions" }

        func signIn(
            for demand: SignInDemand, in context: ResourceSignInContext
        ) async throws(OAuthError)
            -> SignIn<DiscoveredProvider>
        {
            let assertion: String
            do {
                assertion = try mint()
            } catch {
                throw OAuthError(.invalidConfiguration, "expected a JWT to present, found none: \(error)")
            }
            return try SignIn(
                tokens: try await context.client.redeem(
                    assertion: assertion, scopes: demand.scopes, dpopKey: context.dpopKey(), now: context.now()),
                idToken: nil)
        }

        func requireStepUp(_ demand: SignInDemand, resource: URL) throws(OAuthError) {
            throw OAuthError(.stepUpUnavailable, "expected no step-up of minted assertions, found \(demand.summary)")
        }
    }

    /// Signs in at authlib's jwt-bearer grant with the method's JWT, calls the MCP server, and
    /// renews with a fresh JWT (the server refuses a jti it has seen); nothing else is sent.
    @Test func aMethodFromOutsideThePackageSignsInAndRenews() async throws {
        let peer = try MachinePeer(grants: ["workload"])
        defer { peer.stop() }
        try peer.makeWorkloadPlatform()
        let server = try peer.mcpServer()
        defer { server.stop() }
        // Two JWTs from the platform, each presented once, in order.
        var jwts: [String] = []
        for index in 0..<2 {
            let file = peer.directory.appendingPathComponent("minted-\(index)")
            try peer.mintWorkloadToken(to: file)
            jwts.append(try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let minted = LockedCounter()
        let method = MintedAssertionSignIn { [jwts] in
            let index = minted.increment()
            guard index < jwts.count else { throw CancellationError() }
            return jwts[index]
        }
        let session = ProtectedResourceSession(
            resource: server.endpoint, signIn: method, options: ClientOptions(allowInsecureLoopback: true))
        let (_, response) = try await session.data(for: EnterpriseResourceSessionTests.initialize(server.endpoint))
        #expect(response.statusCode == 200)
        try await session.oauthSession().refresh()
        #expect(minted.value == 2)
        #expect(await session.unattendedSignIns == 2)
        let requests = peer.requests()
        #expect(requests.map { $0["grant_type"] as? String } == Array(repeating: method.grant.grantType, count: 2))
        for request in requests {
            #expect(request["client_id"] == nil)
            #expect(request["resource"] as? String == server.endpoint.absoluteString)
        }
    }
}

/// A count several tasks may add to.
final class LockedCounter: @unchecked Sendable {
    // @unchecked: `count` is only read and written under `lock`.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    /// Adds one; the count before.
    func increment() -> Int {
        lock.withLock {
            count += 1
            return count - 1
        }
    }
}
