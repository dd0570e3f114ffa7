import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An RFC 8252 §7.3 loopback redirect listener: 127.0.0.1 and, where the system has IPv6, ::1,
/// on one ephemeral port chosen by the kernel, open only for one authorization.
///
/// No SO_REUSEADDR or SO_REUSEPORT (RFC 8252 Appendix B.5): another process must not be able to
/// bind the same port and take the response. The first request on the expected path gets a small
/// page and ends the wait; requests for anything else (a browser's `/favicon.ico`) get a 404.
public final class LoopbackListener: Sendable {
    /// The port both sockets are bound to.
    public let port: UInt16
    /// The path the redirect URI names, e.g. `/oauth2/callback`.
    public let path: String
    private let sockets: [Int32]

    /// Binds the sockets. Nothing is accepted until `waitForCallback`.
    public init(path: String = "/callback") throws(OAuthError) {
        guard path.hasPrefix("/") else { throw OAuthError.invalidRequest("expected the loopback redirect path to start with '/', found \"\(path)\"") }
        self.path = path
        // Both families must share a port; if another process holds the IPv6 side of the
        // kernel's pick, try again with a new pick.
        for _ in 0..<8 {
            let (ipv4, port) = try Self.bindIPv4()
            switch Self.bindIPv6(port: port) {
            case .bound(let ipv6):
                self.port = port
                self.sockets = [ipv4, ipv6]
                return
            case .unavailable:
                self.port = port
                self.sockets = [ipv4]
                return
            case .portTaken:
                close(ipv4)
            }
        }
        throw OAuthError.transport("could not bind 127.0.0.1 and ::1 to one free port")
    }

    deinit {
        for socket in sockets { close(socket) }
    }

    /// `http://127.0.0.1:<port><path>` (or `http://[::1]:<port><path>`).
    public func redirectURI(ipv6: Bool = false) -> URL {
        URL(string: "http://\(ipv6 ? "[::1]" : "127.0.0.1"):\(port)\(path)")!
    }

    /// Waits for the authorization response and returns the URL it arrived on.
    ///
    /// - Parameter abandon: checked about once a second; a non-nil error ends the wait with it
    ///   (the browser command failed, the user gave up…).
    public func waitForCallback(
        timeout: TimeInterval = 300, page: String = LoopbackListener.defaultPage,
        abandon: @escaping @Sendable () -> OAuthError? = { nil }
    ) async throws(OAuthError) -> URL {
        let sockets = self.sockets
        let port = self.port
        let path = self.path
        let result: Result<URL, OAuthError> = await withCheckedContinuation { continuation in
            // A dedicated thread: poll(2) blocks, and Swift's cooperative pool must not.
            let thread = Thread {
                continuation.resume(returning: Self.serve(sockets: sockets, port: port, path: path, timeout: timeout, page: page, abandon: abandon))
            }
            thread.name = "oauth-loopback-listener"
            thread.start()
        }
        return try result.get()
    }

    public static let defaultPage = """
        <!doctype html><html><head><meta charset="utf-8"><title>Signed in</title></head>
        <body style="font-family: system-ui, sans-serif; margin: 4em auto; max-width: 30em; text-align: center">
        <h1>You are signed in</h1><p>You can close this window and return to the app.</p></body></html>
        """

    // MARK: - Sockets

    private enum IPv6Outcome {
        case bound(Int32)
        case portTaken
        case unavailable
    }

    private static func makeSocket(_ family: Int32) -> Int32 {
        #if canImport(Darwin)
        socket(family, SOCK_STREAM, 0)
        #else
        socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #endif
    }

    private static func bindIPv4() throws(OAuthError) -> (Int32, UInt16) {
        let descriptor = makeSocket(AF_INET)
        guard descriptor >= 0 else { throw OAuthError.transport("socket(AF_INET): \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw OAuthError.transport("binding 127.0.0.1: \(message)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private static func bindIPv6(port: UInt16) -> IPv6Outcome {
        let descriptor = makeSocket(AF_INET6)
        guard descriptor >= 0 else { return .unavailable }
        var only: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        address.sin6_addr = in6addr_loopback
        #if canImport(Darwin)
        address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
        #endif
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
        if bound == 0 && listen(descriptor, 16) == 0 { return .bound(descriptor) }
        let failure = errno
        close(descriptor)
        return failure == EADDRINUSE ? .portTaken : .unavailable
    }

    /// Accepts connections until one asks for `path`, or until the deadline.
    private static func serve(
        sockets: [Int32], port: UInt16, path: String, timeout: TimeInterval, page: String, abandon: @Sendable () -> OAuthError?
    ) -> Result<URL, OAuthError> {
        let deadline = Date().addingTimeInterval(timeout)
        var descriptors = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .failure(.timedOut) }
            if let reason = abandon() { return .failure(reason) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining, 1) * 1000))
            if ready < 0 && errno != EINTR { return .failure(.transport("poll: \(String(cString: strerror(errno)))")) }
            for index in descriptors.indices where descriptors[index].revents & Int16(POLLIN) != 0 {
                descriptors[index].revents = 0
                let connection = accept(descriptors[index].fd, nil, nil)
                guard connection >= 0 else { continue }
                defer { close(connection) }
                let host = index == 0 ? "127.0.0.1" : "[::1]"
                if let url = handle(connection, host: host, port: port, path: path, page: page) { return .success(url) }
            }
        }
    }

    /// Reads one request; answers it; returns the callback URL when it is the one awaited.
    private static func handle(_ connection: Int32, host: String, port: UInt16, path: String, page: String) -> URL? {
        // A client that connects and says nothing must not hold up the sign-in.
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var noSignal: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 16_384 {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { break }
            request += buffer[0..<count]
            if containsHeaderEnd(request) { break }
        }
        guard let lineEnd = request.firstIndex(of: 13) ?? request.firstIndex(of: 10) else { return nil }
        let requestLine = String(decoding: request[..<lineEnd], as: UTF8.self).split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
            respond(connection, status: "400 Bad Request", body: "Bad request")
            return nil
        }
        let target = String(requestLine[1])
        let targetPath = String(target.prefix { $0 != "?" && $0 != "#" })
        guard requestLine[0] == "GET", targetPath == path, let url = URL(string: "http://\(host):\(port)\(target)") else {
            respond(connection, status: "404 Not Found", body: "Not found")
            return nil
        }
        respond(connection, status: "200 OK", body: page, contentType: "text/html; charset=utf-8")
        return url
    }

    private static func containsHeaderEnd(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return true
        }
        return false
    }

    private static func respond(_ connection: Int32, status: String, body: String, contentType: String = "text/plain; charset=utf-8") {
        let bytes = Array(body.utf8)
        let head = "HTTP/1.1 \(status)\r\nContent-Type: \(contentType)\r\nContent-Length: \(bytes.count)\r\nCache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nContent-Security-Policy: default-src 'none'; style-src 'unsafe-inline'\r\nConnection: close\r\n\r\n"
        let response = Array(head.utf8) + bytes
        var sent = 0
        while sent < response.count {
            let count = response[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL_OR_ZERO)) }
            if count <= 0 { return }
            sent += count
        }
    }
}

#if canImport(Darwin)
private let MSG_NOSIGNAL_OR_ZERO: Int32 = 0
#else
private let MSG_NOSIGNAL_OR_ZERO: Int32 = Int32(MSG_NOSIGNAL)
#endif
