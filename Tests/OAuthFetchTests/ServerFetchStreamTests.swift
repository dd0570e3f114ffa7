import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthFetch
import Testing
import TestSupport

/// `ServerFetch.stream` against a real server on 127.0.0.1: the same refusals as `send` (no
/// redirect followed, no credential offered), the head bounded by the request timeout, the body
/// by the idle timeout alone.
@Suite struct ServerFetchStreamTests {
    @Test func aRedirectComesBackAsItselfAndIsNeverFollowed() async throws {
        let server = try LocalHTTPServer { request in
            request.path == "/moved" ? .redirect(to: "/elsewhere") : .json(#"{"followed": true}"#)
        }
        defer { server.stop() }
        let response = try await ServerFetch().stream(
            URLRequest(url: URL(string: "\(server.origin)/moved")!), idleTimeout: 5)
        #expect(response.status == 302)
        #expect(response.headers.first { $0.key.lowercased() == "location" }?.value == "/elsewhere")
        #expect(server.requests(to: "/elsewhere").isEmpty)
    }

    /// A Basic challenge: the 401 comes back, with no credential tried.
    @Test func aChallengeComesBackAsTheResponse() async throws {
        let server = try LocalHTTPServer { _ in .basicChallenge }
        defer { server.stop() }
        let url = URL(string: "\(server.origin)/protected")!
        let status = try await Bounded.run(within: 120) {
            try await ServerFetch(timeout: 10).stream(URLRequest(url: url), idleTimeout: 5).status
        }
        #expect(status == 401)
        #expect(server.requests.count == 1)
        #expect(server.requests.allSatisfy { $0.headers["authorization"] == nil })
    }

    /// A server that never answers meets the request timeout: the head is due within it.
    @Test func aHeadThatNeverComesMeetsTheRequestTimeout() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .beforeResponse) }
        defer { server.stop() }
        let url = URL(string: "\(server.origin)/slow")!
        let outcome = try await Bounded.run(within: 120) { () -> ServerFetch.Failure? in
            do throws(ServerFetch.Failure) {
                _ = try await ServerFetch(timeout: 1).stream(URLRequest(url: url), idleTimeout: 60)
                return nil
            } catch { return error }
        }
        guard case .transport(let error)? = outcome else {
            Issue.record("expected a timeout, found \(String(describing: outcome))")
            return
        }
        #expect(error.code == .timedOut)
    }

    /// A body that trickles a chunk a second: past a 1 s request timeout while chunks keep coming
    /// within the 15 s idle timeout (3 s was too little under load); the stream dropped ends it.
    @Test func aStreamingBodyOutlivesTheRequestTimeout() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .endlessBody) }
        defer { server.stop() }
        let url = URL(string: "\(server.origin)/events")!
        let chunks = try await Bounded.run(within: 120) {
            let response = try await ServerFetch(timeout: 1).stream(URLRequest(url: url), idleTimeout: 15)
            return try await StreamedChunks.first(3, of: response.body)
        }
        #expect(chunks.count == 3)
    }

    /// The same body with an idle timeout shorter than its silences: the body ends with a
    /// timeout saying so.
    @Test func aSilentBodyMeetsTheIdleTimeout() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .endlessBody) }
        defer { server.stop() }
        let url = URL(string: "\(server.origin)/events")!
        let failure = try await Bounded.run(within: 120) { () -> (any Error)? in
            let response = try await ServerFetch(timeout: 5).stream(URLRequest(url: url), idleTimeout: 0.3)
            do {
                _ = try await StreamedChunks.first(100, of: response.body)
                return nil
            } catch {
                return error
            }
        }
        guard case .transport(let error)? = failure as? ServerFetch.Failure else {
            Issue.record("expected an idle timeout, found \(String(describing: failure))")
            return
        }
        #expect(error.code == .timedOut)
        #expect(error.localizedDescription.contains("found it silent"))
    }

    /// Tasks cancelled as their requests start end as cancelled, as `send`'s do, however the
    /// cancellation meets the request: before it starts, as it starts, or waiting for the head.
    /// The head may take ten minutes here, so a cancellation that did not end a wait would show
    /// as the bound's failure, never as a timeout. (A first version asserted under 20 s; under
    /// the full suite beside a build, twenty tasks took 41 s, all cancelled.)
    @Test func cancelledTasksEndAsCancelled() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .beforeResponse) }
        defer { server.stop() }
        let url = URL(string: "\(server.origin)/slow")!
        let fetch = ServerFetch(timeout: 600)
        let outcomes = try await Bounded.run(within: 120) {
            await withTaskGroup(of: ServerFetch.Failure?.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let task = Task { () -> ServerFetch.Failure? in
                            do throws(ServerFetch.Failure) {
                                _ = try await fetch.stream(URLRequest(url: url), idleTimeout: 600)
                                return nil
                            } catch { return error }
                        }
                        // Some at once, some as the request goes out, some while it waits.
                        if index % 2 == 1 { try? await Task.sleep(for: .milliseconds(index * 20)) }
                        task.cancel()
                        return await task.value
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(outcomes.count == 20)
        #expect(outcomes.allSatisfy { $0 == .cancelled }, "\(outcomes)")
    }

    /// Issue 53, H1: a server that sends as fast as it can to a reader that does not read. The
    /// chunks waiting for the reader are bounded: past `bufferLimit` the body ends with
    /// `bodyTooLarge` and the connection is closed, so the server's send fails. Seen failing
    /// before: the chunks piled up without end while the server sent on.
    @Test func chunksNobodyReadsAreBoundedAndTheConnectionClosed() async throws {
        let piece = Data(repeating: UInt8(ascii: "x"), count: 4_096)
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .repeating(piece)) }
        defer { server.stop() }
        let url = URL(string: "\(server.origin)/events")!
        let response = try await ServerFetch(timeout: 10).stream(
            URLRequest(url: url), idleTimeout: 30, bufferLimit: 1 << 20)
        // FoundationNetworking queues what libcurl reads before the delegate sees it, and took
        // 14 s to act on the cancellation with 1.9 GiB queued at loopback speed (the server
        // paces itself now).
        try await Bounded.poll(for: .seconds(120)) { server.endlessAnswersClosed == 1 }
        let failure = try await Bounded.run(within: 120) { () -> ServerFetch.Failure? in
            do {
                for try await _ in response.body {}
                return nil
            } catch {
                return error as? ServerFetch.Failure
            }
        }
        #expect(failure == .bodyTooLarge(limit: 1 << 20))
    }
}
