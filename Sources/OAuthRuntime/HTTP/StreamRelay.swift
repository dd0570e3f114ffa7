import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthFetch
internal import OAuthLocking

/// Hands a streamed body on to its reader, chunk by chunk, under the bounds every streaming
/// transport of the package keeps (issue 53, H1): at most `bufferLimit` bytes received and not
/// yet read, and, where an idle bound is given, no silence from the server longer than it.
///
/// The relay takes chunks as fast as they come, so that the server's silence is measured rather
/// than the reader's pace; what the reader has not taken is counted, and past the limit the body
/// ends with ``ResponseTooLarge``. Ending the body (the reader dropped it, a bound tripped)
/// cancels the task that reads the source, which ends the request.
package enum StreamRelay {
    /// How long a streamed body may stay silent, and the error that ends it then.
    package struct IdleBound: Sendable {
        /// Seconds between two chunks.
        package var seconds: TimeInterval
        /// What the reader gets when they pass.
        package var failure: URLError

        /// A silence of `seconds` ends the body with `failure`.
        package init(seconds: TimeInterval, failure: URLError) {
            self.seconds = seconds
            self.failure = failure
        }
    }

    /// The body `produce` reads: it hands each chunk to `deliver` and stops when `deliver` says
    /// false. Its errors reach the reader through `failure`.
    package static func relay(
        bufferLimit: Int, idle: IdleBound? = nil,
        failure: @escaping @Sendable (any Error) -> any Error = { $0 },
        produce: @escaping @Sendable (_ deliver: (Data) -> Bool) async throws -> Void
    ) -> AsyncThrowingStream<Data, any Error> {
        let (relayed, continuation) = AsyncThrowingStream<Data, any Error>.makeStream(
            bufferingPolicy: .bufferingOldest(BufferedChunks.countLimit))
        let lastChunk = LockedBox(ContinuousClock.now)
        let reader = Task {
            var buffered = BufferedChunks()
            do {
                try await produce { chunk in
                    // A chunk after a silence past the bound ends the body as the watchdog would
                    // have: on a loaded machine its task can run too late to see the silence.
                    let previous = lastChunk.withLock { last in
                        defer { last = .now }
                        return last
                    }
                    if let idle, ContinuousClock.now - previous > .seconds(idle.seconds) {
                        continuation.finish(throwing: idle.failure)
                        return false
                    }
                    let held: Int
                    switch continuation.yield(chunk) {
                    case .enqueued(let remaining): held = buffered.yielded(chunk.count, remaining: remaining)
                    case .dropped: held = .max
                    case .terminated: return false
                    @unknown default: held = 0
                    }
                    guard held <= bufferLimit else {
                        continuation.finish(throwing: ResponseTooLarge(limit: bufferLimit))
                        return false
                    }
                    return true
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: failure(error))
            }
        }
        let watchdog = idle.map { idle in
            Task {
                // Wakes once per bound at most, when the silence could have run out: no polling.
                while !Task.isCancelled {
                    let due = lastChunk.withLock { $0 }.advanced(by: .seconds(idle.seconds))
                    if ContinuousClock.now >= due {
                        continuation.finish(throwing: idle.failure)
                        reader.cancel()
                        return
                    }
                    try? await Task.sleep(until: due, clock: .continuous)
                }
            }
        }
        continuation.onTermination = { _ in
            reader.cancel()
            watchdog?.cancel()
        }
        return relayed
    }
}
