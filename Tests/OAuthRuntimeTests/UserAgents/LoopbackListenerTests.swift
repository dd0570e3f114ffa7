import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The loopback listener with real sockets.
@Suite struct LoopbackListenerTests {
    /// A GET from another "process". A task, so it starts after the `async let` wait that
    /// precedes it has started the listener's thread (both need the cooperative pool).
    func request(_ host: String, _ port: UInt16, _ target: String) async -> String {
        await Task.detached { RawSocket.get(target, host: host, port: port) }.value
    }

    @Test func answersTheCallbackAndIgnoresOtherRequests() async throws {
        let listener = try LoopbackListener(path: "/oauth2/callback")
        #expect(listener.port > 1024)
        #expect(listener.redirectURI().absoluteString == "http://127.0.0.1:\(listener.port)/oauth2/callback")
        async let callback = listener.waitForCallback(state: "xyz", timeout: 60)
        #expect(await request("127.0.0.1", listener.port, "/favicon.ico") == "HTTP/1.1 404 Not Found")
        #expect(
            await request("127.0.0.1", listener.port, "/oauth2/callbackX?code=a&state=xyz") == "HTTP/1.1 404 Not Found")
        #expect(await request("127.0.0.1", listener.port, "/oauth2/callback?code=abc&state=xyz") == "HTTP/1.1 200 OK")
        let url = try await callback
        #expect(url.absoluteString == "http://127.0.0.1:\(listener.port)/oauth2/callback?code=abc&state=xyz")
    }

    @Test func listensOnIPv6LoopbackToo() async throws {
        let listener = try LoopbackListener()
        async let callback = listener.waitForCallback(state: "s6", timeout: 60)
        #expect(await request("::1", listener.port, "/callback?code=6&state=s6") == "HTTP/1.1 200 OK")
        #expect(try await callback.absoluteString == "http://[::1]:\(listener.port)/callback?code=6&state=s6")
    }

    @Test func closesOnceItHasTheResponse() async throws {
        let port = try await { () async throws -> UInt16 in
            let listener = try LoopbackListener()
            async let callback = listener.waitForCallback(state: "s", timeout: 10)
            _ = await request("127.0.0.1", listener.port, "/callback?code=1&state=s")
            _ = try await callback
            return listener.port
        }()
        // The listener is gone with its scope; nothing answers on its port any more.
        #expect(await request("127.0.0.1", port, "/callback?code=2&state=s") == "connection refused")
    }

    // MARK: - Hardening 3: a local process cannot stall, abort or fake the sign-in (RFC 8252 §8.3, §8.9)

    // These decide by the listener's own time-out, not by the wall clock: the old one-at-a-time
    // listener ran into its time-out in each case, the new one never does.

    /// Before: a client sending a byte now and then held the one-at-a-time listener past its
    /// time-out. Here one keeps trickling bytes for the whole test.
    @Test func aSlowSenderDoesNotHoldUpTheCallback() async throws {
        let listener = try LoopbackListener()
        async let callback = listener.waitForCallback(state: "good", timeout: 15)
        let slow = try RawSocket(port: listener.port)
        let trickle = Task.detached {
            for byte in "GET /callback?state=good".map(String.init) where !Task.isCancelled {
                slow.send(byte)
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
        defer { trickle.cancel() }
        try await Task.sleep(for: .milliseconds(300))
        #expect(await request("127.0.0.1", listener.port, "/callback?code=c&state=good") == "HTTP/1.1 200 OK")
        #expect(try await callback.queryParameters["code"] == "c")
    }

    /// Before: each idle connection held the listener for a 5 s read time-out, so 8 of them
    /// outlasted a 15 s wait.
    @Test func idleConnectionsDoNotDelayTheCallback() async throws {
        let listener = try LoopbackListener()
        async let callback = listener.waitForCallback(state: "good", timeout: 15)
        let idle = try (0..<8).map { _ in try RawSocket(port: listener.port) }
        #expect(await request("127.0.0.1", listener.port, "/callback?code=c&state=good") == "HTTP/1.1 200 OK")
        #expect(try await callback.queryParameters["code"] == "c")
        #expect(idle.count == 8)
    }

    /// Before: a request with the wrong state got the "signed in" page and ended the wait, and
    /// the real browser then found the port closed.
    @Test func aRequestWithoutThePendingStateNeitherEndsTheWaitNorSeesSuccess() async throws {
        let listener = try LoopbackListener()
        async let callback = listener.waitForCallback(state: "good", timeout: 60)
        #expect(
            await request("127.0.0.1", listener.port, "/callback?code=forged&state=bad") == "HTTP/1.1 400 Bad Request")
        #expect(await request("127.0.0.1", listener.port, "/callback?code=forged") == "HTTP/1.1 400 Bad Request")
        #expect(
            await request("127.0.0.1", listener.port, "/callback?code=forged&state=good&state=bad")
                == "HTTP/1.1 400 Bad Request")
        #expect(await request("127.0.0.1", listener.port, "/callback?code=real&state=good") == "HTTP/1.1 200 OK")
        #expect(try await callback.queryParameters["code"] == "real")
    }

    @Test func aConnectionThatNeverFinishesItsRequestIsDroppedAtItsOwnDeadline() async throws {
        let listener = try LoopbackListener()
        async let callback = listener.waitForCallback(state: "good", timeout: 30, connectionTimeout: 0.5)
        let idle = try RawSocket(port: listener.port)
        idle.send("GET /callback?state=good HTTP/1.1\r\n")
        // Closed by the listener (well before the 30 s wait ends), with nothing said.
        let answer = await Task.detached { idle.receive(timeout: 20) }.value
        #expect(answer.closed)
        #expect(answer.text.isEmpty)
        // The wait goes on: the real callback still arrives.
        #expect(await request("127.0.0.1", listener.port, "/callback?code=c&state=good") == "HTTP/1.1 200 OK")
        _ = try await callback
    }

    @Test func cancellingTheTaskEndsTheWait() async throws {
        let listener = try LoopbackListener()
        let wait = Task { try await listener.waitForCallback(state: "s", timeout: 60) }
        try await Task.sleep(for: .milliseconds(200))
        wait.cancel()
        // Not .timedOut: the wait ended because of the cancellation.
        await #expect(throws: OAuthError.taskCancelled) { try await wait.value }
    }

    /// Hardening 8: the path is compared as sent, percent-encoded.
    @Test func aPercentEncodedPathMatches() async throws {
        let listener = try LoopbackListener(path: "/cb%20x")
        #expect(listener.redirectURI().absoluteString == "http://127.0.0.1:\(listener.port)/cb%20x")
        async let callback = listener.waitForCallback(state: "s", timeout: 10)
        #expect(await request("127.0.0.1", listener.port, "/cb%20x?code=c&state=s") == "HTTP/1.1 200 OK")
        _ = try await callback
        #expect { try LoopbackListener(path: "/cb x") } throws: { ($0 as? OAuthError)?.kind == .invalidConfiguration }
        #expect { try LoopbackListener(path: "/cb?q=1") } throws: { ($0 as? OAuthError)?.kind == .invalidConfiguration }
    }

    @Test func timesOut() async throws {
        let listener = try LoopbackListener()
        await #expect(throws: OAuthError.timedOut) { try await listener.waitForCallback(state: "s", timeout: 0.3) }
    }

    /// Appendix B.5: without SO_REUSEADDR/SO_REUSEPORT, no other socket can bind the same port.
    @Test func thePortCannotBeSharedWithAnotherSocket() throws {
        let listener = try LoopbackListener()
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        defer { close(descriptor) }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = listener.port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(bound != 0)
        #expect(errno == EADDRINUSE)
    }

    @Test func eachListenerGetsItsOwnEphemeralPort() throws {
        let listeners = try (0..<5).map { _ in try LoopbackListener() }
        #expect(Set(listeners.map(\.port)).count == 5)
    }

    @Test func aFailedBrowserCommandEndsTheWait() async throws {
        let agent = LoopbackUserAgent(browserCommand: ["/bin/sh", "-c", "exit 3", "sh"], timeout: 60)
        let redirect = try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!)
        // Not .timedOut: the wait ended because the command failed.
        await #expect(
            throws: OAuthError.browserFailed(
                "the browser command /bin/sh exited with status 3 before the sign-in completed")
        ) {
            try await agent.authorize(on: redirect) { _ in (URL(string: "https://id.example.com/authorize")!, "s") }
        }
    }
}
