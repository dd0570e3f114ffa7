import Foundation
@testable import OAuthRuntime
@testable import OAuthResources
import Testing
import TestSupport

/// The runtime and `oauthgen-login --resource` against a resource that refuses with a 401 of each
/// shape gateways send, and against one that never answers: every request comes back or times
/// out, and discovery reads a `Bearer` challenge wherever it stands beside others. On Linux a
/// `Basic` challenge once held every request, and so every tool, for good.
@Suite struct ChallengeShapeTests {
    @Test(arguments: ChallengeServer.shapes.indices)
    func theTransportReturnsTheChallengeAsTheResponse(index: Int) async throws {
        let server = try ChallengeServer(ChallengeServer.shapes[index])
        defer { server.stop() }
        let request = HTTPRequest(method: "GET", url: URL(string: server.resource)!)
        let response = try await Bounded.run(within: 120) { try await URLSessionTransport(timeout: 10).send(request) }
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate") != nil)
        #expect(String(decoding: response.body, as: UTF8.self) == "refused")
    }

    @Test(arguments: ChallengeServer.shapes.indices)
    func discoveryReadsTheBearerChallengeBesideOthers(index: Int) async throws {
        let server = try ChallengeServer(ChallengeServer.shapes[index])
        defer { server.stop() }
        let resource = URL(string: server.resource)!
        let outcome = try await Bounded.run(within: 120) { () -> OAuthError? in
            do throws(OAuthError) {
                _ = try await ResourceDiscovery.discover(
                    resource: resource, transport: URLSessionTransport(timeout: 10), allowInsecureLoopback: true)
                return nil
            } catch {
                return error
            }
        }
        #expect(outcome?.kind == .invalidDiscoveryDocument, "\(server.shape.label)")
        #expect(
            server.metadataNamedByTheChallengeWasRead == server.shape.namesMetadata,
            "\(server.shape.label): \(server.paths)")
    }

    @Test(arguments: ChallengeServer.shapes.indices)
    func oauthgenLoginEndsWithWhatItFound(index: Int) async throws {
        let server = try ChallengeServer(ChallengeServer.shapes[index])
        defer { server.stop() }
        let run = try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--resource", server.resource, "--allow-insecure-loopback", "--browser-command", "/bin/false",
                "--timeout", "30",
            ],
            timeout: 60)
        #expect(!run.timedOut, "\(server.shape.label)")
        #expect(run.status == 1, "\(server.shape.label)")
        #expect(
            run.stderrWithoutProgress.hasPrefix(
                "error: expected protected resource metadata (RFC 9728) for \(server.resource), found HTTP 404 at"),
            "\(server.shape.label): \(run.stderr)")
    }

    /// --timeout bounds the whole run: here a resource that reads the request and never answers.
    @Test(arguments: [LocalHTTPServer.Response.Stall.beforeResponse, .endlessBody])
    func oauthgenLoginsTimeoutBoundsTheWholeRun(stall: LocalHTTPServer.Response.Stall) async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: stall) }
        defer { server.stop() }
        let run = try await ProcessRunner.runDetached(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"),
            [
                "--resource", "\(server.origin)/api", "--allow-insecure-loopback", "--browser-command", "/bin/false",
                "--timeout", "3",
            ],
            timeout: 60)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(
            run.stderrWithoutProgress
                == "error: expected the run to finish within 3 s (--timeout), found it still waiting\n")
    }
}
