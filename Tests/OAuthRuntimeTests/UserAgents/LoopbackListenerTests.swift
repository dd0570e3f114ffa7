import Foundation
import OAuthRuntime
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The loopback listener with real sockets.
@Suite struct LoopbackListenerTests {
    /// Sends a raw HTTP request to the loopback address and returns the status line.
    func request(_ host: String, _ port: UInt16, _ target: String) async throws -> String {
        await Task.detached {
            let family = host.contains(":") ? AF_INET6 : AF_INET
            #if canImport(Darwin)
            let descriptor = socket(family, SOCK_STREAM, 0)
            #else
            let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
            #endif
            defer { close(descriptor) }
            var connected: Int32
            if family == AF_INET {
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = port.bigEndian
                address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
                connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            } else {
                var address = sockaddr_in6()
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_port = port.bigEndian
                address.sin6_addr = in6addr_loopback
                connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
            }
            guard connected == 0 else { return "connection refused" }
            let text = "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\n\r\n"
            _ = text.withCString { send(descriptor, $0, strlen($0), 0) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            return String(decoding: buffer[0..<max(count, 0)], as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
        }.value
    }

    @Test func answersTheCallbackAndIgnoresOtherRequests() async throws {
        let listener = try LoopbackListener(path: "/oauth2/callback")
        #expect(listener.port > 1024)
        #expect(listener.redirectURI().absoluteString == "http://127.0.0.1:\(listener.port)/oauth2/callback")
        async let callback = listener.waitForCallback(timeout: 10)
        #expect(try await request("127.0.0.1", listener.port, "/favicon.ico") == "HTTP/1.1 404 Not Found")
        #expect(try await request("127.0.0.1", listener.port, "/oauth2/callbackX?code=a") == "HTTP/1.1 404 Not Found")
        #expect(try await request("127.0.0.1", listener.port, "/oauth2/callback?code=abc&state=xyz") == "HTTP/1.1 200 OK")
        let url = try await callback
        #expect(url.absoluteString == "http://127.0.0.1:\(listener.port)/oauth2/callback?code=abc&state=xyz")
    }

    @Test func listensOnIPv6LoopbackToo() async throws {
        let listener = try LoopbackListener()
        async let callback = listener.waitForCallback(timeout: 10)
        #expect(try await request("::1", listener.port, "/callback?code=6") == "HTTP/1.1 200 OK")
        #expect(try await callback.absoluteString == "http://[::1]:\(listener.port)/callback?code=6")
    }

    @Test func closesOnceItHasTheResponse() async throws {
        let port = try await { () async throws -> UInt16 in
            let listener = try LoopbackListener()
            async let callback = listener.waitForCallback(timeout: 10)
            _ = try await request("127.0.0.1", listener.port, "/callback?code=1")
            _ = try await callback
            return listener.port
        }()
        // The listener is gone with its scope; nothing answers on its port any more.
        #expect(try await request("127.0.0.1", port, "/callback?code=2") == "connection refused")
    }

    @Test func timesOut() async throws {
        let listener = try LoopbackListener()
        await #expect(throws: OAuthError.timedOut) { try await listener.waitForCallback(timeout: 0.3) }
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
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        #expect(bound != 0)
        #expect(errno == EADDRINUSE)
    }

    @Test func eachListenerGetsItsOwnEphemeralPort() throws {
        let listeners = try (0..<5).map { _ in try LoopbackListener() }
        #expect(Set(listeners.map(\.port)).count == 5)
    }

    @Test func aFailedBrowserCommandEndsTheWait() async throws {
        let agent = LoopbackUserAgent(browserCommand: ["/bin/sh", "-c", "exit 3", "sh"], timeout: 30)
        _ = try await agent.prepareRedirectURI()
        let started = Date()
        await #expect(throws: OAuthError.self) { try await agent.present(URL(string: "https://id.example.com/authorize")!) }
        #expect(Date().timeIntervalSince(started) < 5)
    }
}
