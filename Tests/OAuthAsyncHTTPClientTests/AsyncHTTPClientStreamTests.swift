#if AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import OAuthAsyncHTTPClient
@_spi(BuildingBlocks) import OAuthRuntime
import Testing
import TestSupport

/// `AsyncHTTPClientTransport.stream` against hostile servers on 127.0.0.1: the head bounded by
/// the request timeout, the body by its idle timeout and by what its reader leaves unread
/// (issue 53, items 1 and 3), as `ServerFetchStreamTests` holds `URLSessionTransport` to.
@Suite struct AsyncHTTPClientStreamTests {
    static func request(_ url: String) -> HTTPRequest {
        HTTPRequest(method: "GET", url: URL(string: url)!, headers: ["Accept": "text/event-stream"])
    }

    /// A server that never answers meets the request timeout: the head is due within it.
    @Test func aHeadThatNeverComesMeetsTheRequestTimeout() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .beforeResponse) }
        defer { server.stop() }
        let failure = try await Bounded.run(within: 120) { () -> (any Error)? in
            do {
                _ = try await AsyncHTTPClientTransport(timeout: 1).stream(
                    Self.request("\(server.origin)/slow"), idleTimeout: 60, bufferLimit: 1 << 20)
                return nil
            } catch { return error }
        }
        #expect((failure as? URLError)?.code == .timedOut, "\(String(describing: failure))")
    }

    /// A body that trickles a chunk a second outlives a 1 s request timeout while its chunks
    /// come within the 15 s idle timeout (3 s was too little for a starved server thread beside two
    /// clean builds); dropping the stream ends the request.
    @Test func aStreamingBodyOutlivesTheRequestTimeout() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .endlessBody) }
        defer { server.stop() }
        let chunks = try await Bounded.run(within: 120) {
            let response = try await AsyncHTTPClientTransport(timeout: 1).stream(
                Self.request("\(server.origin)/events"), idleTimeout: 15, bufferLimit: 1 << 20)
            return try await StreamedChunks.first(3, of: response.body)
        }
        #expect(chunks.count == 3)
    }

    /// A reader that drops the body after three chunks closes the connection: the server's
    /// next send fails (it counts that).
    @Test func aDroppedBodyClosesTheConnection() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .repeating(Data("x".utf8)))
        }
        defer { server.stop() }
        let chunks = try await Bounded.run(within: 120) {
            let response = try await AsyncHTTPClientTransport(timeout: 10).stream(
                Self.request("\(server.origin)/events"), idleTimeout: 10, bufferLimit: 1 << 20)
            return try await StreamedChunks.first(3, of: response.body)
        }
        #expect(chunks.count == 3)
        try await Bounded.poll(for: .seconds(120)) { server.endlessAnswersClosed == 1 }
    }

    /// The same body with an idle timeout shorter than its silences ends with a timeout saying so.
    @Test func aSilentBodyMeetsTheIdleTimeout() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .endlessBody) }
        defer { server.stop() }
        let failure = try await Bounded.run(within: 120) { () -> (any Error)? in
            let response = try await AsyncHTTPClientTransport(timeout: 5).stream(
                Self.request("\(server.origin)/events"), idleTimeout: 0.3, bufferLimit: 1 << 20)
            do {
                _ = try await StreamedChunks.first(100, of: response.body)
                return nil
            } catch { return error }
        }
        let silent = try #require(failure as? URLError)
        #expect(silent.code == .timedOut)
        #expect(silent.localizedDescription.contains("found it silent"))
    }

    /// A 401 offering Basic comes back as itself, with no credential tried.
    @Test func aChallengeComesBackAsTheResponse() async throws {
        let server = try LocalHTTPServer { _ in .basicChallenge }
        defer { server.stop() }
        let response = try await AsyncHTTPClientTransport(timeout: 10).stream(
            Self.request("\(server.origin)/protected"), idleTimeout: 5, bufferLimit: 1 << 20)
        #expect(response.status == 401)
        #expect(server.requests.count == 1)
        #expect(server.requests.allSatisfy { $0.headers["authorization"] == nil })
    }

    /// A server that sends as fast as it can to a reader that does not read: past `bufferLimit`
    /// unread bytes the body ends with `ResponseTooLarge` and the connection is closed.
    @Test func chunksNobodyReadsAreBoundedAndTheConnectionClosed() async throws {
        let piece = Data(repeating: UInt8(ascii: "x"), count: 4_096)
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .repeating(piece)) }
        defer { server.stop() }
        let response = try await AsyncHTTPClientTransport(timeout: 10).stream(
            Self.request("\(server.origin)/events"), idleTimeout: 30, bufferLimit: 1 << 20)
        try await Bounded.poll(for: .seconds(120)) { server.endlessAnswersClosed == 1 }
        let failure = try await Bounded.run(within: 120) { () -> (any Error)? in
            do {
                for try await _ in response.body {}
                return nil
            } catch { return error }
        }
        #expect(failure as? ResponseTooLarge == ResponseTooLarge(limit: 1 << 20))
    }

    /// Tasks cancelled while they wait for the head end as cancelled at once.
    @Test func aCancelledWaitEndsAsCancelled() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .beforeResponse) }
        defer { server.stop() }
        let task = Task { () -> (any Error)? in
            do {
                _ = try await AsyncHTTPClientTransport(timeout: 600).stream(
                    Self.request("\(server.origin)/slow"), idleTimeout: 600, bufferLimit: 1 << 20)
                return nil
            } catch { return error }
        }
        // Two minutes each: beside two clean builds the request took 73 s to arrive, and 30 s
        // after the cancellation the task had not run again. The head may take ten minutes, so a
        // cancellation that did not end the wait still fails here.
        try await Bounded.poll(for: .seconds(120)) { !server.requests.isEmpty }
        task.cancel()
        let outcome = try await Bounded.run(within: 120) { await task.value }
        #expect(outcome is CancellationError, "\(String(describing: outcome))")
    }
}
#endif
