import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing
import TestSupport

/// Issue 53, H1: the runtime's streamed answers (`URLSessionTransport.stream`, which the MCP
/// transport reads) hold at most `bufferLimit` bytes their reader has not taken. The relay between
/// the fetch and the reader drains the fetch's own bounded buffer as fast as chunks come, so it
/// carries the bound too; it is tested here on a body the test feeds, so that nothing but the
/// relay's own bound can end it (the fetch's is `ServerFetchStreamTests`').
@Suite struct StreamedBodyBoundTests {
    /// A body the test feeds, relayed with `bufferLimit`; `released` runs once the relay lets
    /// the fed body go (nothing else holds it).
    static func relay(
        bufferLimit: Int, released: @escaping @Sendable () -> Void
    ) -> (AsyncThrowingStream<Data, any Error>.Continuation, AsyncThrowingStream<Data, any Error>) {
        let (source, feed) = AsyncThrowingStream<Data, any Error>.makeStream()
        feed.onTermination = { _ in released() }
        return (feed, URLSessionTransport.mapped(source, bufferLimit: bufferLimit))
    }

    /// Twenty 1,000-byte chunks to a reader that has not started reading, with a 10,000-byte
    /// limit: the relay stops taking chunks past the limit (the fed body is let go), and its
    /// reader gets what it held, then `ResponseTooLarge`. Without the bound the relay took all
    /// twenty and waited for more.
    @Test func theRelayEndsABodyItsReaderLeavesPastTheLimit() async throws {
        let released = LockedList<Bool>()
        let (feed, relayed) = Self.relay(bufferLimit: 10_000) { released.append(true) }
        for _ in 0..<20 { feed.yield(Data(count: 1_000)) }
        try await Bounded.poll(for: .seconds(30)) { !released.all.isEmpty }
        let (received, failure) = try await Bounded.run(within: 30) { () -> (Int, (any Error)?) in
            var received = 0
            do {
                for try await chunk in relayed { received += chunk.count }
                return (received, nil)
            } catch {
                return (received, error)
            }
        }
        #expect(failure as? ResponseTooLarge == ResponseTooLarge(limit: 10_000))
        #expect(received == 11_000)
    }
}
