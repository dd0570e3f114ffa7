import Foundation
internal import OAuthLocking
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import OAuthPolicy

/// An RFC 8252 §7.3 loopback redirect listener: 127.0.0.1 and, where the system has IPv6, ::1,
/// on one ephemeral port chosen by the kernel, open only for one authorization.
///
/// No SO_REUSEADDR or SO_REUSEPORT (RFC 8252 Appendix B.5): another process must not be able to
/// bind the same port and take the response. Any local process can still connect (§8.3), so
/// connections are served side by side, each with its own short deadline: a client that sends
/// nothing, or one byte at a time, cannot hold up the browser's request. Only a request on the
/// redirect path that carries the pending `state` gets the page and ends the wait; one without it
/// gets a 400 and the wait goes on (§8.9). Anything else gets a 404.
@_spi(BuildingBlocks)
public final class LoopbackListener: Sendable {
    /// The port both sockets are bound to.
    public let port: UInt16
    /// The path the redirect URI names, percent-encoded as registered, e.g. `/oauth2/callback`.
    public let path: String
    private let sockets: [Int32]

    /// Binds the sockets. Nothing is accepted until `waitForCallback`.
    ///
    /// - Parameter path: the redirect URI's path as it is sent (percent-encoded: `/cb%20x`).
    public init(path: String = "/callback") throws(OAuthError) {
        guard path.hasPrefix("/"), let parsed = try? ServerURL(parsing: "http://127.0.0.1" + path), !parsed.hasQuery
        else {
            throw OAuthError.invalidConfiguration(
                "expected the loopback redirect path to start with '/' and be a valid, percent-encoded URL path without a query, found \"\(path)\""
            )
        }
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
        throw OAuthError.listenerFailed("could not bind 127.0.0.1 and ::1 to one free port")
    }

    deinit {
        for socket in sockets { close(socket) }
    }

    /// `http://127.0.0.1:<port><path>` (or `http://[::1]:<port><path>`).
    public func redirectURI(ipv6: Bool = false) -> URL {
        // The path was checked by `ServerURL` in `init`, so this parses on every platform.
        URL(string: "http://\(ipv6 ? "[::1]" : "127.0.0.1"):\(port)\(path)")!
    }

    /// Connections served at once; past it, the oldest is dropped to make room.
    static let maximumConnections = 64

    /// Waits for the authorization response to the request whose `state` is given and returns
    /// the URL it arrived on. Cancelling the calling task ends the wait with `OAuthError.Kind.cancelled`.
    ///
    /// - Parameters:
    ///   - state: the pending request's `state`; a request without it does not end the wait.
    ///   - timeout: how long to wait for the response, in seconds.
    ///   - connectionTimeout: how long one connection may take to send its request head; a
    ///     browser sends it at once.
    ///   - abandon: checked several times a second; a non-nil error ends the wait with it
    ///     (the browser command failed, the user gave up…).
    ///   - page: the HTML the browser shows once the response has arrived.
    public func waitForCallback(
        state: String, timeout: TimeInterval = 300, connectionTimeout: TimeInterval = 10,
        page: String = LoopbackListener.defaultPage, abandon: @escaping @Sendable () -> OAuthError? = { nil }
    ) async throws(OAuthError) -> URL {
        let sockets = self.sockets
        let port = self.port
        let path = self.path
        let cancellation = LockedBox(false)
        let result: Result<URL, OAuthError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // A dedicated thread: poll(2) blocks, and Swift's cooperative pool must not.
                let thread = Thread {
                    var server = Server(
                        sockets: sockets, port: port, path: path, state: state, page: page,
                        connectionTimeout: connectionTimeout)
                    continuation.resume(
                        returning: server.run(until: Date().addingTimeInterval(timeout)) {
                            cancellation.value ? .taskCancelled : abandon()
                        })
                }
                thread.name = "oauth-loopback-listener"
                thread.start()
            }
        } onCancel: {
            cancellation.value = true
        }
        return try result.get()
    }

    /// The page the browser shows once the response has arrived.
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
        guard descriptor >= 0 else {
            throw OAuthError.listenerFailed("socket(AF_INET): \(String(cString: strerror(errno)))")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw OAuthError.listenerFailed("binding 127.0.0.1: \(message)")
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
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        if bound == 0 && listen(descriptor, 16) == 0 { return .bound(descriptor) }
        let failure = errno
        close(descriptor)
        return failure == EADDRINUSE ? .portTaken : .unavailable
    }

    static func respond(
        _ connection: Int32, status: String, body: String, contentType: String = "text/plain; charset=utf-8"
    ) {
        let bytes = Array(body.utf8)
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: \(contentType)\r\nContent-Length: \(bytes.count)\r\nCache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nContent-Security-Policy: default-src 'none'; style-src 'unsafe-inline'\r\nConnection: close\r\n\r\n"
        let response = Array(head.utf8) + bytes
        var sent = 0
        while sent < response.count {
            let count = response[sent...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL_OR_ZERO))
            }
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
