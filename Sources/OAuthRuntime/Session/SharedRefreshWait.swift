import Foundation

/// One caller's wait for a refresh that several callers share. The refresh runs in a task of its
/// own — one caller's cancellation must not fail the others' — so awaiting its value would ignore
/// the caller's cancellation; this wait ends at once when the caller is cancelled, and the
/// refresh goes on for the rest.
enum SharedRefreshWait {
    static func value<Success: Sendable>(of task: Task<Success, any Error>) async throws -> Success {
        let waiter = Waiter<Success>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.start(continuation)
                Task { waiter.finish(await task.result) }
            }
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
        }
    }

    /// Resumes the continuation once, with whichever comes first: the result or the cancellation.
    ///
    /// `@unchecked Sendable`: `continuation` and `outcome` are only read and written under `lock`.
    private final class Waiter<Success: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Success, any Error>?
        private var outcome: Result<Success, any Error>?

        func start(_ continuation: CheckedContinuation<Success, any Error>) {
            let early = lock.withLock { () -> Result<Success, any Error>? in
                if let outcome { return outcome }
                self.continuation = continuation
                return nil
            }
            if let early { continuation.resume(with: early) }
        }

        func finish(_ result: Result<Success, any Error>) {
            let waiting = lock.withLock { () -> CheckedContinuation<Success, any Error>? in
                guard outcome == nil else { return nil }
                outcome = result
                defer { continuation = nil }
                return continuation
            }
            waiting?.resume(with: result)
        }
    }
}
