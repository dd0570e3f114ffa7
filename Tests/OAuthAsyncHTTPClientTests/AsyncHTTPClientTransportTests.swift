#if AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import OAuthAsyncHTTPClient
@_spi(BuildingBlocks) import OAuthRuntime
import Testing
import TestSupport

/// `AsyncHTTPClientTransport.send` against real servers on 127.0.0.1 that misbehave: the rules
/// `URLSessionTransport` keeps (ServerFetchTests), kept by the transport that replaces it on
/// Linux for oauthgen-login (issue 53, item 1).
@Suite struct AsyncHTTPClientTransportTests {
    static func request(_ url: String, method: String = "GET", body: Data? = nil) -> HTTPRequest {
        HTTPRequest(method: method, url: URL(string: url)!, headers: ["Accept": "application/json"], body: body)
    }

    /// The method, the header fields and the body reach the server as given, with a
    /// User-Agent naming the program; the answer's repeated fields come back joined.
    @Test func aRequestArrivesAsGivenAndItsAnswerWhole() async throws {
        let server = try LocalHTTPServer { _ in
            LocalHTTPServer.Response(
                status: 201, headers: ["Content-Type": "application/json"], body: Data(#"{"ok":true}"#.utf8),
                fields: [
                    .init("WWW-Authenticate", #"Basic realm="a""#), .init("WWW-Authenticate", #"Bearer realm="b""#),
                ])
        }
        defer { server.stop() }
        let response = try await AsyncHTTPClientTransport(timeout: 10).send(
            Self.request("\(server.origin)/token", method: "POST", body: Data("grant_type=x".utf8)))
        #expect(response.status == 201)
        #expect(response.body == Data(#"{"ok":true}"#.utf8))
        #expect(response.header("www-authenticate") == #"Basic realm="a", Bearer realm="b""#)
        let seen = try #require(server.requests(to: "/token").first)
        #expect(seen.method == "POST")
        #expect(seen.body == Data("grant_type=x".utf8))
        #expect(seen.headers["accept"] == "application/json")
        #expect(seen.headers["user-agent"]?.hasSuffix("(oauthgen)") == true)
    }

    /// A 302 comes back as itself, with its Location; nothing goes to where it points.
    @Test func aRedirectComesBackAsItselfAndIsNeverFollowed() async throws {
        let server = try LocalHTTPServer { request in
            request.path == "/moved" ? .redirect(to: "/elsewhere") : .json(#"{"followed": true}"#)
        }
        defer { server.stop() }
        let response = try await AsyncHTTPClientTransport(timeout: 10).send(Self.request("\(server.origin)/moved"))
        #expect(response.status == 302)
        #expect(response.header("Location") == "/elsewhere")
        #expect(server.requests(to: "/elsewhere").isEmpty)
        await #expect(throws: OAuthError.self) {
            try await AsyncHTTPClientTransport(timeout: 10).send(
                Self.request("\(server.origin)/moved"), to: "token endpoint")
        }
    }

    /// A body past the limit, announced by Content-Length or not, is refused while it streams.
    @Test(arguments: [false, true])
    func aBodyPastTheLimitIsRefusedWithOrWithoutContentLength(chunked: Bool) async throws {
        let server = try LocalHTTPServer { _ in .padding(64 * 1024, chunked: chunked) }
        defer { server.stop() }
        await #expect(throws: ResponseTooLarge(limit: 32 * 1024)) {
            try await AsyncHTTPClientTransport(timeout: 10, bodyLimit: 32 * 1024).send(
                Self.request("\(server.origin)/big"))
        }
        let whole = try await AsyncHTTPClientTransport(timeout: 10, bodyLimit: 64 * 1024).send(
            Self.request("\(server.origin)/big"))
        #expect(whole.body.count == 64 * 1024)
    }

    /// Port 1 on loopback, where nothing listens: `cannotConnectToHost`, from a client that does
    /// not retry a refused connection (AsyncHTTPClient's default retries it until its connect
    /// timeout; how long that took is no test on a loaded machine, so the setting is read too).
    @Test func aClosedPortIsRefusedWithItsCode() async throws {
        #expect(!SharedHTTPClient.configuration.connectionPool.retryConnectionEstablishment)
        let failure = try await Bounded.run(within: 120) { () -> (any Error)? in
            do {
                _ = try await AsyncHTTPClientTransport(timeout: 600).send(Self.request("http://127.0.0.1:1/"))
                return nil
            } catch { return error }
        }
        #expect((failure as? URLError)?.code == .cannotConnectToHost, "\(String(describing: failure))")
    }

    /// A server that never answers, and one whose body never ends: both end at the timeout with
    /// `URLError.timedOut` (the device grant's poll reads that code).
    @Test(arguments: [LocalHTTPServer.Response.Stall.beforeResponse, .endlessBody])
    func aServerThatNeverFinishesMeetsTheTimeout(stall: LocalHTTPServer.Response.Stall) async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: stall) }
        defer { server.stop() }
        let failure = try await Bounded.run(within: 120) { () -> (any Error)? in
            do {
                _ = try await AsyncHTTPClientTransport(timeout: 2).send(Self.request("\(server.origin)/slow"))
                return nil
            } catch { return error }
        }
        let timedOut = try #require(failure as? URLError)
        #expect(timedOut.code == .timedOut)
        #expect(timedOut.localizedDescription == "expected an answer from 127.0.0.1 within 2 s, found none")
    }

    /// Cancelling the calling task ends the request as cancelled, whenever it comes: twenty
    /// tasks against a server that never answers, with ten minutes to wait.
    @Test func cancelledTasksEndAsCancelled() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .beforeResponse) }
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport(timeout: 600)
        let outcomes = try await Bounded.run(within: 120) {
            await withTaskGroup(of: Bool.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let task = Task { () -> (any Error)? in
                            do {
                                _ = try await transport.send(Self.request("\(server.origin)/slow"))
                                return nil
                            } catch { return error }
                        }
                        if index % 2 == 1 { try? await Task.sleep(for: .milliseconds(index * 20)) }
                        task.cancel()
                        return await task.value is CancellationError
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(outcomes == Array(repeating: true, count: 20))
    }
}
#endif
