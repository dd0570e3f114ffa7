import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP client on the loopback interface that sends exactly the bytes a test gives it, when it
/// gives them: for playing the local process that attacks a loopback listener (a slow sender, an
/// idle connection, a forged callback).
public final class RawSocket: @unchecked Sendable {
    // @unchecked: the descriptor is set once; the tests using one socket use it from one task.

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    public let descriptor: Int32

    /// Connects to 127.0.0.1 or, with `host` "::1", to [::1].
    public init(host: String = "127.0.0.1", port: UInt16) throws {
        let family = host.contains(":") ? AF_INET6 : AF_INET
        let descriptor = Self.makeTCPSocket(family)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        #if canImport(Darwin)
        var noSignal: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let connected: Int32
        if family == AF_INET {
            var address = Self.ipv4Loopback(port: port)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        } else {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_loopback
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        guard connected == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect: \(message)")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    public func send(_ text: String) {
        Self.sendAll(descriptor, Array(text.utf8))
    }

    /// Everything the peer sends until it closes or `timeout` passes, as text.
    public func receiveAll(timeout: TimeInterval = 10) -> String {
        receive(timeout: timeout).text
    }

    /// What the peer sent, and whether it closed the connection (rather than `timeout` passing).
    public func receive(timeout: TimeInterval = 10) -> (text: String, closed: Bool) {
        var timeoutValue = timeval(
            tv_sec: .init(Int(timeout)), tv_usec: .init(Int((timeout - timeout.rounded(.down)) * 1_000_000)))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeoutValue, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { return (String(decoding: bytes, as: UTF8.self), true) }
            if count < 0 { return (String(decoding: bytes, as: UTF8.self), errno == ECONNRESET) }
            bytes += buffer[0..<count]
        }
    }

    /// The status line of the answer to a GET of `target`, or "connection refused".
    public static func get(_ target: String, host: String = "127.0.0.1", port: UInt16) -> String {
        guard let socket = try? RawSocket(host: host, port: port) else { return "connection refused" }
        socket.send("GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\n\r\n")
        return socket.receiveAll().components(separatedBy: "\r\n").first ?? ""
    }

    static func makeTCPSocket(_ family: Int32) -> Int32 {
        #if canImport(Darwin)
        socket(family, SOCK_STREAM, 0)
        #else
        socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #endif
    }

    static func ipv4Loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        return address
    }

    /// Whether every byte went out (`false` once the peer has closed).
    @discardableResult
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count, flags) }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }
}

/// `send(2)`, named apart from `RawSocket.send(_:)`.
private func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, buffer, count, flags)
}
