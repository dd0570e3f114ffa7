import Foundation

/// A wait a test puts a bound on, so that the regression it guards against — a request that
/// never returns — fails the test instead of hanging the whole run.
///
/// A task group cannot do this: leaving a group waits for every child, the hung one too. The
/// operation runs in a task of its own; whichever comes first, its result or the bound, is
/// returned, and the operation is cancelled either way.
public enum Bounded {
    /// What a test records when the bound passed first.
    public struct Exceeded: Error, CustomStringConvertible {
        public var seconds: Double
        public var description: String { "expected an answer within \(seconds) s, found the operation still waiting" }
    }

    /// Asks `condition` every 20 ms until it holds; ``Exceeded`` once `duration` has passed.
    /// For what another process or connection changes at a time of its own.
    public static func poll(for duration: Duration, _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: duration)
        while try await !condition() {
            guard ContinuousClock.now < deadline else {
                throw Exceeded(seconds: Double(duration.components.seconds))
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// `operation`'s result, or ``Exceeded`` once `seconds` have passed.
    public static func run<T: Sendable>(
        within seconds: Double, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let gate = Gate<T>()
        return try await withCheckedThrowingContinuation { continuation in
            gate.set(continuation)
            let work = Task {
                do { gate.resume(with: .success(try await operation())) } catch { gate.resume(with: .failure(error)) }
            }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                gate.resume(with: .failure(Exceeded(seconds: seconds)))
                work.cancel()
            }
        }
    }

    /// Resumes its continuation once: `@unchecked Sendable` because `continuation` is read and
    /// cleared only under `lock`.
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
