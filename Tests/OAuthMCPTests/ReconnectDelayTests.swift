@testable import OAuthMCP
import Testing

/// Issue 53, H2: the wait before the server's GET stream is opened again.
@Suite struct ReconnectDelayTests {
    @Test func theServersTimeIsFlooredAndClamped() {
        #expect(ReconnectDelay(retry: 0).milliseconds == 1_000)
        #expect(ReconnectDelay(retry: nil).milliseconds == 1_000)
        #expect(ReconnectDelay(retry: 2_500).milliseconds == 2_500)
        #expect(ReconnectDelay(retry: 2_000_000_000).milliseconds == 30_000)
    }

    /// A server that ends each stream at once with nothing in it (`retry: 0`, the tight loop)
    /// is asked 1, 2, 4, 8 … s later, up to a minute; one message resets the wait.
    @Test func quietStreamsInARowAreBackedOff() {
        var delay = ReconnectDelay(retry: 0)
        var waits: [Int] = []
        for _ in 0..<9 {
            delay.streamEnded(delivered: false)
            waits.append(delay.milliseconds)
        }
        #expect(waits == [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000])
        delay.streamEnded(delivered: true)
        #expect(delay.milliseconds == 1_000)
    }
}
