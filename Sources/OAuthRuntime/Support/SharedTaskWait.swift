import Foundation
internal import OAuthLocking

/// One caller's wait for work that several callers share (a refresh, a database connection being
/// made). The work runs in a task of its own — one caller's cancellation must not fail the
/// others' — so awaiting its value would ignore the caller's cancellation; this wait ends at once
/// when the caller is cancelled, and the work goes on for the rest.
package enum SharedTaskWait {
    /// `task`'s value, or `CancellationError` as soon as the caller is cancelled.
    package static func value<Success: Sendable>(of task: Task<Success, any Error>) async throws -> Success {
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
    private struct Waiter<Success: Sendable>: Sendable {
        private struct State: Sendable {
            var continuation: CheckedContinuation<Success, any Error>?
            var outcome: Result<Success, any Error>?
        }

        private let state = LockedBox(State())

        func start(_ continuation: CheckedContinuation<Success, any Error>) {
            let early = state.withLock { state -> Result<Success, any Error>? in
                if let outcome = state.outcome { return outcome }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(with: early) }
        }

        func finish(_ result: Result<Success, any Error>) {
            let waiting = state.withLock { state -> CheckedContinuation<Success, any Error>? in
                guard state.outcome == nil else { return nil }
                state.outcome = result
                defer { state.continuation = nil }
                return state.continuation
            }
            waiting?.resume(with: result)
        }
    }
}
