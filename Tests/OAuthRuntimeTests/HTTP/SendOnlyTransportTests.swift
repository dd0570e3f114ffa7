import Foundation
@_spi(Testing) @testable import OAuthRuntime
import Testing
import TestSupport

/// A transport written outside this package that implements only `send` (an app's own stack):
/// it still answers `stream`, with the whole answer as one chunk, held to the same bound (issue
/// 54: a downcast to a package protocol chose the streaming path before, so no transport from
/// outside could take part in it).
struct SendOnlyTransportTests {
    struct SendOnly: HTTPTransport {
        let inner = URLSessionTransport()
        func send(_ request: HTTPRequest) async throws -> HTTPResponse { try await inner.send(request) }
    }

    @Test func aSendOnlyTransportHandsTheAnswerOnWholeAsOneChunk() async throws {
        let server = try LocalHTTPServer { _ in .json(#"{"jsonrpc":"2.0","id":1,"result":{}}"#) }
        defer { server.stop() }
        let request = HTTPRequest(method: "POST", url: URL(string: "\(server.origin)/mcp")!)
        let streamed = try await SendOnly().stream(request, idleTimeout: 5, bufferLimit: 1 << 20)
        #expect(streamed.status == 200)
        var chunks: [Data] = []
        for try await chunk in streamed.body { chunks.append(chunk) }
        #expect(chunks.map { String(decoding: $0, as: UTF8.self) } == [#"{"jsonrpc":"2.0","id":1,"result":{}}"#])
    }

    @Test func anAnswerPastTheBufferLimitIsRefusedAsAStreamedOneWouldBe() async throws {
        let server = try LocalHTTPServer { _ in .padding(4_096, chunked: false) }
        defer { server.stop() }
        let request = HTTPRequest(method: "GET", url: URL(string: "\(server.origin)/big")!)
        await #expect(throws: ResponseTooLarge(limit: 1_024)) {
            _ = try await SendOnly().stream(request, idleTimeout: 5, bufferLimit: 1_024)
        }
    }
}
