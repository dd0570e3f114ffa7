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
        let response = try await ServerFetch().send(
            URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/moved")!))
        #expect(response.status == 302)
        #expect(response.headers.first { $0.key.lowercased() == "location" }?.value == "/elsewhere")
        #expect(server.requests(to: "/elsewhere").isEmpty)
    }

    @Test(arguments: [false, true])
    func aBodyPastTheLimitIsRefusedWithOrWithoutContentLength(chunked: Bool) async throws {
        let server = try LocalHTTPServer { _ in .padding(64 * 1024, chunked: chunked) }
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
            guard case .transport(let urlError) = error else {
                Issue.record("expected a transport failure, found \(error)")
                return
            }
            #expect(urlError.code == .cannotConnectToHost)
        }
    }

    /// A task cancelled before its request starts: the cancellation handler runs before the
    /// request would start, and the request must still end as cancelled, not wait for the
    /// server (here one that never answers) until the timeout. On Linux the cancelled task's
    /// own end can arrive before the request would start (CI saw one of these wait 30 s): many
    /// at once make that order likely. The requests would wait ten minutes and are given two: an
    /// 8 s bound on a 30 s timeout ran out beside two clean builds with the cancellation working.
    @Test func aTaskCancelledBeforeTheRequestStartsEndsAtOnce() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: .beforeResponse) }
        defer { server.stop() }
        let request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/never")!)
        let fetch = ServerFetch(timeout: 600)
        let outcomes = try await Bounded.run(within: 120) { () -> [ServerFetch.Failure?] in
            await withTaskGroup(of: ServerFetch.Failure?.self) { group in
                for _ in 0..<64 {
                    group.addTask {
                        withUnsafeCurrentTask { $0?.cancel() }
                        do throws(ServerFetch.Failure) {
                            _ = try await fetch.send(request)
                            return nil
                        } catch {
                            return error
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(outcomes.count == 64)
        #expect(outcomes.allSatisfy { $0 == .cancelled })
        #expect(server.requests(to: "/never").isEmpty)
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let server = try LocalHTTPServer { _ in
            Thread.sleep(forTimeInterval: 3)
            return .json("{}")
        }
        let request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/slow")!)
        let task = Task { () async throws(ServerFetch.Failure) -> ServerFetch.Response in
            try await ServerFetch().send(request)
        }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        await #expect(throws: ServerFetch.Failure.cancelled) { try await task.value }
    }
}

/// Every request ends: a 401 of any kind comes back as a response (the system never answers a
/// challenge with credentials of its own, and on Linux a `Basic` challenge once held the request
/// for good), and a server that never answers or never finishes its body meets the timeout.
@Suite struct ServerFetchDeadlineTests {
    /// The challenge shapes proxies, gateways and resources send, each as its header lines.
    static let challenges: [(label: String, fields: [LocalHTTPServer.Response.Field])] = [
        ("Basic alone", [.init("WWW-Authenticate", #"Basic realm="x""#)]),
        (
            "Basic and Bearer in one field",
            [
                .init(
                    "WWW-Authenticate",
                    #"Basic realm="x", Bearer resource_metadata="http://127.0.0.1:1/.well-known/oauth-protected-resource""#
                )
            ]
        ),
        (
            "Basic and Bearer in two fields",
            [.init("WWW-Authenticate", #"Basic realm="x""#), .init("WWW-Authenticate", #"Bearer realm="api""#)]
        ),
        ("Negotiate", [.init("WWW-Authenticate", "Negotiate")]),
        ("Digest", [.init("WWW-Authenticate", #"Digest realm="x", nonce="abc", qop="auth""#)]),
        ("Basic on a 407", [.init("Proxy-Authenticate", #"Basic realm="proxy""#)]),
    ]

    @Test(arguments: challenges.indices)
    func aChallengeOfAnyKindComesBackAsTheResponse(index: Int) async throws {
        let (label, fields) = Self.challenges[index]
        let status = label.contains("407") ? 407 : 401
        let server = try LocalHTTPServer { _ in
            LocalHTTPServer.Response(
                status: status, headers: ["Content-Type": "application/json"],
                body: Data(#"{"error":"unauthorized"}"#.utf8), fields: fields)
        }
        let url = URL(string: "\(server.origin)/protected")!
        let response = try await Bounded.run(within: 120) {
            try await ServerFetch(timeout: 10).send(URLRequest(url: url))
        }
        #expect(response.status == status, "\(label)")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"unauthorized"}"#, "\(label)")
        // One request: no credential was tried on the system's own account.
        #expect(server.requests.count == 1, "\(label)")
        #expect(server.requests.allSatisfy { $0.headers["authorization"] == nil }, "\(label)")
    }

    @Test(arguments: [LocalHTTPServer.Response.Stall.beforeResponse, .endlessBody])
    func aServerThatNeverFinishesMeetsTheTimeout(stall: LocalHTTPServer.Response.Stall) async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: stall) }
        let url = URL(string: "\(server.origin)/slow")!
        let outcome = try await Bounded.run(within: 120) { () -> Result<ServerFetch.Response, ServerFetch.Failure> in
            do throws(ServerFetch.Failure) {
                return .success(try await ServerFetch(timeout: 2).send(URLRequest(url: url)))
            } catch { return .failure(error) }
        }
        guard case .failure(.transport(let error)) = outcome else {
            Issue.record("expected a timeout, found \(outcome)")
            return
        }
        #expect(error.code == .timedOut)
        server.stop()
    }
}
