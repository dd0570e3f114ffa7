#if AsyncHTTPClient
import AsyncHTTPClient
import Foundation
import NIOCore
@_spi(BuildingBlocks) import OAuthRuntime
internal import OAuthFetch

/// The runtime's requests through swift-server's AsyncHTTPClient (SwiftNIO): for an agent on
/// Linux that keeps requests open while it waits (an MCP tool call, a server's event stream).
///
/// FoundationNetworking's `URLSession` keeps a socket's write source armed once libcurl asked
/// for one while connecting, and a writable socket wakes it without end: a 10 s tool call cost
/// the waiting client 7 s of CPU (issue 53). This transport waits in the kernel until the server
/// sends something. Its rules are `URLSessionTransport`'s: no redirect is followed (a 3xx
/// comes back as itself), no cookie, cache or credential store, a body over 1 MiB is refused
/// while it streams, and a request ends within its timeout however the server behaves. It reads
/// no proxy from the environment.
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// The most a request may take, from sending to the body's last byte.
    public let timeout: TimeInterval
    let bodyLimit: Int

    /// A transport whose requests time out after `timeout` seconds.
    public init(timeout: TimeInterval = 30) {
        self.init(timeout: timeout, bodyLimit: ServerFetch.defaultBodyLimit)
    }

    /// A transport whose bodies may hold `bodyLimit` bytes (tests make it small).
    init(timeout: TimeInterval, bodyLimit: Int) {
        self.timeout = timeout
        self.bodyLimit = bodyLimit
    }

    /// Sends `request` and reads its whole answer within the timeout.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let host = request.url.host
        let seconds = timeout
        let limit = bodyLimit
        return try await HTTPClientFailure.translated(host: host, timeout: seconds) {
            try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
                // A body that trickles in forever ends at the deadline too, not only a head.
                group.addTask {
                    try await Task.sleep(for: .seconds(seconds))
                    throw FetchTimeout.answer(from: host, within: seconds)
                }
                group.addTask {
                    let response = try await SharedHTTPClient.client.execute(
                        try SharedHTTPClient.request(request), deadline: .now() + .seconds(Int64(seconds.rounded(.up))))
                    if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
                        throw ResponseTooLarge(limit: limit)
                    }
                    var body = Data()
                    for try await chunk in response.body {
                        guard body.count + chunk.readableBytes <= limit else { throw ResponseTooLarge(limit: limit) }
                        body.append(contentsOf: chunk.readableBytesView)
                    }
                    return HTTPResponse(
                        status: Int(response.status.code), headers: SharedHTTPClient.fields(response.headers),
                        body: body)
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw CancellationError() }
                return first
            }
        }
    }
}
#endif
