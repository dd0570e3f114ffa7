import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthFetch
import Testing
import TestSupport

/// `ServerFetch` against a real server on 127.0.0.1: what it refuses to do for the generator's
/// `fetch` and the runtime's transport alike.
@Suite struct ServerFetchTests {
    @Test func aRedirectComesBackAsItselfAndIsNeverFollowed() async throws {
        let server = try LocalHTTPServer { request in
            request.path == "/moved" ? .redirect(to: "/elsewhere") : .json(#"{"followed": true}"#)
        }
        let response = try await ServerFetch().send(URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/moved")!))
        #expect(response.status == 302)
        #expect(response.headers.first { $0.key.lowercased() == "location" }?.value == "/elsewhere")
        #expect(server.requests(to: "/elsewhere").isEmpty)
    }

    @Test(arguments: [false, true])
    func aBodyPastTheLimitIsRefusedWithOrWithoutContentLength(chunked: Bool) async throws {
        let server = try LocalHTTPServer { _ in
            LocalHTTPServer.Response(status: 200, headers: ["Content-Type": "application/json"], body: Data(repeating: 0x20, count: 64 * 1024), chunked: chunked)
        }
        let request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/big")!)
        await #expect(throws: ServerFetch.Failure.bodyTooLarge(limit: 32 * 1024)) {
            try await ServerFetch().send(request, bodyLimit: 32 * 1024)
        }
        let whole = try await ServerFetch().send(request, bodyLimit: 64 * 1024)
        #expect(whole.body.count == 64 * 1024)
    }

    /// Port 1 on the loopback interface: nothing listens there (a port freed by a stopped test
    /// server could be taken by another test's server meanwhile).
    @Test func aClosedPortIsATransportFailureWithTheSystemsCode() async throws {
        do {
            _ = try await ServerFetch(timeout: 5).send(URLRequest(url: URL(string: "http://127.0.0.1:1/")!))
            Issue.record("expected a transport failure")
        } catch {
            guard case .transport(let urlError) = error else { Issue.record("expected a transport failure, found \(error)"); return }
            #expect(urlError.code == .cannotConnectToHost)
        }
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let server = try LocalHTTPServer { _ in
            Thread.sleep(forTimeInterval: 3)
            return .json("{}")
        }
        let request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/slow")!)
        let task = Task { () async throws(ServerFetch.Failure) -> ServerFetch.Response in try await ServerFetch().send(request) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        await #expect(throws: ServerFetch.Failure.cancelled) { try await task.value }
    }
}
