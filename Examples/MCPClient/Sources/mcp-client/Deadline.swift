import ArgumentParser
import Foundation

/// A bound on a wait the MCP SDK's client does not bound: it waits for a request's answer with no
/// deadline of its own, and its transport on Linux never delivers an answer sent as server-sent
/// events. A task group cannot bound it (leaving a group waits for every child, the hung one
/// too): the operation runs in a task of its own, whichever comes first is returned, and the
/// operation is cancelled either way.
enum Deadline {
    /// `operation`'s result, or a failure naming `what` once `seconds` have passed.
    static func run<T: Sendable>(
        within seconds: Double, _ what: String, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let gate = Gate<T>()
        return try await withCheckedThrowingContinuation { continuation in
            gate.set(continuation)
            let work = Task {
                do { gate.resume(with: .success(try await operation())) } catch { gate.resume(with: .failure(error)) }
            }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                gate.resume(
                    with: .failure(ValidationError("expected \(what) within \(seconds) s (--timeout), found none")))
                work.cancel()
            }
        }
    }

    /// Resumes its continuation once. `@unchecked Sendable`: `continuation` is read and cleared
    /// only under `lock`.
    private final class Gate<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?

        func set(_ continuation: CheckedContinuation<T, any Error>) {
            lock.withLock { self.continuation = continuation }
        }

        func resume(with result: Result<T, any Error>) {
            let waiting = lock.withLock { () -> CheckedContinuation<T, any Error>? in
                defer { continuation = nil }
                return continuation
            }
            waiting?.resume(with: result)
        }
    }
}
