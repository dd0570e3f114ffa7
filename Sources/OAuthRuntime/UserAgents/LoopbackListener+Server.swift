import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
internal import OAuthPolicy

extension LoopbackListener {
    /// One wait for a callback: the listening sockets and every open connection in one poll(2)
    /// loop, all non-blocking, so no connection can stall another.
    struct Server {
        struct Connection {
            var descriptor: Int32
            var host: String
            var received: [UInt8] = []
            var deadline: Date
        }

        let sockets: [Int32]
        let port: UInt16
        let path: String
        let state: String
        let page: String
        let connectionTimeout: TimeInterval
        var connections: [Connection] = []

        init(sockets: [Int32], port: UInt16, path: String, state: String, page: String, connectionTimeout: TimeInterval)
        {
            self.sockets = sockets
            self.port = port
            self.path = path
            self.state = state
            self.page = page
            self.connectionTimeout = connectionTimeout
        }

        /// Serves until the callback arrives, the deadline passes or `stop` says why not.
        mutating func run(until deadline: Date, stop: () -> OAuthError?) -> Result<URL, OAuthError> {
            defer { for connection in connections { close(connection.descriptor) } }
            while true {
                let now = Date()
                guard now < deadline else { return .failure(.timedOut) }
                if let reason = stop() { return .failure(reason) }
                connections.removeAll { connection in
                    guard connection.deadline <= now else { return false }
                    close(connection.descriptor)
                    return true
                }
                var descriptors = (sockets + connections.map(\.descriptor)).map {
                    pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
                }
                let nextDeadline = connections.map(\.deadline).min().map { min($0, deadline) } ?? deadline
                let wait = max(0, min(nextDeadline.timeIntervalSince(now), 0.2))
                let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(wait * 1000))
                if ready < 0 && errno != EINTR {
                    return .failure(.listenerFailed("poll: \(String(cString: strerror(errno)))"))
                }
                guard ready > 0 else { continue }

                // Connections first (their indices shift once new ones are added).
                var closed: [Int] = []
                for (index, descriptor) in descriptors.enumerated().dropFirst(sockets.count)
                where descriptor.revents != 0 {
                    let position = index - sockets.count
                    switch read(&connections[position]) {
                    case .open: continue
                    case .closed: closed.append(position)
                    case .callback(let url): return .success(url)
                    }
                }
                for position in closed.reversed() {
                    close(connections[position].descriptor)
                    connections.remove(at: position)
                }
                for (index, descriptor) in descriptors.prefix(sockets.count).enumerated()
                where descriptor.revents & Int16(POLLIN) != 0 {
                    admit(from: sockets[index], host: index == 0 ? "127.0.0.1" : "[::1]", deadline: deadline)
                }
            }
        }

        private mutating func admit(from socket: Int32, host: String, deadline: Date) {
            let descriptor = accept(socket, nil, nil)
            guard descriptor >= 0 else { return }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            #if canImport(Darwin)
            var noSignal: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if connections.count >= LoopbackListener.maximumConnections {
                close(connections.removeFirst().descriptor)
            }
            let own = Date().addingTimeInterval(connectionTimeout)
            connections.append(Connection(descriptor: descriptor, host: host, deadline: min(own, deadline)))
        }

        private enum ReadOutcome {
            case open
            case closed
            case callback(URL)
        }

        /// Reads what has arrived; answers once the head is complete.
        private func read(_ connection: inout Connection) -> ReadOutcome {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(connection.descriptor, &buffer, buffer.count, 0)
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return .open }
            guard count > 0 else { return .closed }
            connection.received += buffer[0..<count]
            switch LoopbackRequest.classify(connection.received, path: path, state: state) {
            case .incomplete:
                return .open
            case .malformed:
                answer(connection, status: "400 Bad Request", body: "Bad request")
            case .notFound:
                answer(connection, status: "404 Not Found", body: "Not found")
            case .foreignState:
                answer(
                    connection, status: "400 Bad Request",
                    body: "This response does not belong to the sign-in in progress.")
            case .callback(let target):
                guard let url = URL(string: "http://\(connection.host):\(port)\(target)") else {
                    answer(connection, status: "400 Bad Request", body: "Bad request")
                    return .closed
                }
                answer(connection, status: "200 OK", body: page, contentType: "text/html; charset=utf-8")
                return .callback(url)
            }
            return .closed
        }

        /// The answer is small: with the socket back in blocking mode and a send time-out, it
        /// goes out whole or the peer is dropped.
        private func answer(
            _ connection: Connection, status: String, body: String, contentType: String = "text/plain; charset=utf-8"
        ) {
            _ = fcntl(connection.descriptor, F_SETFL, fcntl(connection.descriptor, F_GETFL) & ~O_NONBLOCK)
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(connection.descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            LoopbackListener.respond(connection.descriptor, status: status, body: body, contentType: contentType)
        }
    }
}
