import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 with real sockets, for tests that need a peer to say
/// what no real provider here says: a redirect to another host, a rotated JWKS, a slow answer.
///
/// Every request is recorded (method, target, headers, body) so a test can prove what did or
/// did not reach it — a bearer token that followed a redirect, say. One connection at a time,
/// `Connection: close`; stops when released or on `stop()`.
public final class LocalHTTPServer: @unchecked Sendable {
    // @unchecked: `recorded` and `stopped` are only touched under `lock`; the rest is immutable.

    /// A request as it arrived.
    public struct Request: Sendable {
        public var method: String
        /// The request target: path and query, as sent.
        public var target: String
        /// Header names lowercased.
        public var headers: [String: String]
        public var body: Data

        public var path: String { String(target.prefix { $0 != "?" }) }
    }

    /// What the handler answers.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        /// Sent with `Transfer-Encoding: chunked` and no `Content-Length`, in 16 KiB chunks: a
        /// body whose size the client learns only as it streams.
        public var chunked: Bool
        /// Header fields sent after `headers`, one line each and in order: a name may repeat
        /// (two `WWW-Authenticate` fields, say).
        public var fields: [Field]
        /// Whether the server holds the connection instead of finishing the answer.
        public var stall: Stall?

        /// One header line.
        public struct Field: Sendable {
            public var name: String
            public var value: String
            public init(_ name: String, _ value: String) {
                self.name = name
                self.value = value
            }
        }

        /// How a hostile or broken server keeps a client waiting; either lasts until the client
        /// closes the connection or the server stops.
        public enum Stall: Sendable, Equatable {
            /// Reads the request, then sends nothing at all.
            case beforeResponse
            /// Sends the head and a chunked body one small chunk a second, never the last chunk.
            case endlessBody
            /// Sends the head and `body`, then these bytes as a chunk every millisecond, never the
            /// last chunk: an endless line, an endless event. Paced as a fast server on a real
            /// network, not at loopback's gigabytes a second, which FoundationNetworking queues
            /// without bound before any delegate sees them (a test process was killed for memory).
            case repeating(Data)
        }

        public init(
            status: Int = 200, headers: [String: String] = [:], body: Data = Data(), chunked: Bool = false,
            fields: [Field] = [], stall: Stall? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.chunked = chunked
            self.fields = fields
            self.stall = stall
        }

        public static func json(_ text: String, status: Int = 200) -> Response {
            Response(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }

        public static func redirect(to location: String, status: Int = 302) -> Response {
            Response(status: status, headers: ["Location": location])
        }

        /// A gateway's 401 that offers Basic only: a transport must hand it back, trying no credential.
        public static let basicChallenge = Response(
            status: 401, headers: ["Content-Type": "application/json"], body: Data("{}".utf8),
            fields: [.init("WWW-Authenticate", #"Basic realm="gateway""#)])

        /// `count` bytes of JSON whitespace, with a Content-Length or chunked: a body to hold to a limit.
        public static func padding(_ count: Int, chunked: Bool) -> Response {
            Response(
                status: 200, headers: ["Content-Type": "application/json"],
                body: Data(repeating: 0x20, count: count), chunked: chunked)
        }

        public static let notFound = Response(
            status: 404, headers: ["Content-Type": "text/plain"], body: Data("not found".utf8))
    }

    public let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var recorded: [Request] = []
    private var stopped = false
    private var closedByClient = 0

    /// How many endless answers (``Response/Stall/repeating(_:)``) the client ended by closing
    /// the connection.
    public var endlessAnswersClosed: Int { lock.withLock { closedByClient } }

    /// `http://127.0.0.1:<port>`.
    public var origin: String { "http://127.0.0.1:\(port)" }

    /// Starts serving at once on an ephemeral port.
    public init(handler: @escaping @Sendable (Request) -> Response) throws {
        let descriptor = RawSocket.makeTCPSocket(AF_INET)
        guard descriptor >= 0 else {
            throw RawSocket.Failure(description: "socket: \(String(cString: strerror(errno)))")
        }
        var address = RawSocket.ipv4Loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw RawSocket.Failure(description: "bind/listen: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.listener = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [weak self] in
            while let server = self, !server.isStopped {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { continue }
                server.serve(connection, handler: handler)
            }
        }
        thread.name = "LocalHTTPServer"
        thread.start()
    }

    deinit {
        stop()
    }

    /// Every request so far, in order.
    public var requests: [Request] { lock.withLock { recorded } }

    /// The requests whose path is `path`.
    public func requests(to path: String) -> [Request] { requests.filter { $0.path == path } }

    public func stop() {
        let wasStopped = lock.withLock { () -> Bool in
            defer { stopped = true }
            return stopped
        }
        if !wasStopped { close(listener) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func serve(_ connection: Int32, handler: (Request) -> Response) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = Self.read(connection) else { return }
        lock.withLock { recorded.append(request) }
        let response = handler(request)
        if response.stall == .beforeResponse {
            holdUntilClosed(connection)
            return
        }
        var head = "HTTP/1.1 \(response.status) Status\r\n"
        let repeats: Bool = if case .repeating? = response.stall { true } else { false }
        let chunked = response.chunked || response.stall == .endlessBody || repeats
        head += chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: \(response.body.count)\r\n"
        head += "Connection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        for field in response.fields { head += "\(field.name): \(field.value)\r\n" }
        if case .repeating(let piece)? = response.stall {
            RawSocket.sendAll(connection, Array((head + "\r\n").utf8))
            let framed = Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8)
            if !response.body.isEmpty {
                RawSocket.sendAll(
                    connection,
                    Array("\(String(response.body.count, radix: 16))\r\n".utf8) + response.body + Array("\r\n".utf8))
            }
            while !isStopped, RawSocket.sendAll(connection, framed) { usleep(1_000) }
            if !isStopped { lock.withLock { closedByClient += 1 } }
            return
        }
        if response.stall == .endlessBody {
            RawSocket.sendAll(connection, Array((head + "\r\n").utf8))
            while !isStopped, RawSocket.sendAll(connection, Array("1\r\n \r\n".utf8)) {
                Thread.sleep(forTimeInterval: 1)
            }
            return
        }
        guard chunked else {
            RawSocket.sendAll(connection, Array((head + "\r\n").utf8) + response.body)
            return
        }
        RawSocket.sendAll(connection, Array((head + "\r\n").utf8))
        var offset = 0
        while offset < response.body.count {
            let chunk = response.body[offset..<min(offset + 16_384, response.body.count)]
            // A client that stopped reading closes the connection: the rest goes nowhere.
            guard
                RawSocket.sendAll(
                    connection, Array("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + Array("\r\n".utf8))
            else { return }
            offset += chunk.count
        }
        RawSocket.sendAll(connection, Array("0\r\n\r\n".utf8))
    }

    /// Waits, sending nothing, until the client closes the connection or the server stops.
    private func holdUntilClosed(_ connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 512)
        while !isStopped {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) >= 0 else { return }
            if poller.revents != 0 {
                // Readable with nothing to read (or an error): the client has gone.
                let count = recv(connection, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count <= 0 { return }
            }
        }
    }

    /// Head up to the blank line, then `Content-Length` bytes of body.
    private static func read(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        var headEnd: Int?
        var bodyLength = 0
        while true {
            if let end = headEnd, bytes.count >= end + bodyLength { break }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bytes += buffer[0..<count]
            if headEnd == nil, let range = findHeadEnd(bytes) {
                headEnd = range
                let head = String(decoding: bytes[0..<range], as: UTF8.self)
                for line in head.components(separatedBy: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                    bodyLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
        }
        guard let end = headEnd else { return nil }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let body = Data(bytes[(end + 4)...].prefix(bodyLength))
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }

    private static func findHeadEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}
