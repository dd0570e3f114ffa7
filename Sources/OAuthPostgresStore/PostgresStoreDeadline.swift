#if PostgreSQL
import OAuthLocking
import PostgresNIO

/// Every wait on the database ends: a statement, a connection or a lock that takes longer than
/// the store's timeout is given up, and a cancelled task stops waiting at once.
enum PostgresStoreDeadline {
    /// `body`'s value; ``PostgresStoreError/timedOut(action:after:)`` after `timeout`, when
    /// `connection` is also closed (a statement already sent does not end by a cancellation
    /// alone); a `CancellationError` as soon as the task is cancelled. `body`'s task is cancelled
    /// either way, and a value it brings later goes to `dropping` (a connection made too late is
    /// closed there).
    static func run<Value: Sendable>(
        within timeout: Duration, _ action: String, closing connection: PostgresConnection? = nil,
        dropping: @escaping @Sendable (Value) -> Void = { _ in }, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let waiter = LockedBox<CheckedContinuation<Value, any Error>?>(nil)
        let ended = LockedBox<Result<Value, any Error>?>(nil)
        let tasks = LockedBox<[Task<Void, Never>]>([])
        /// Ends the wait with `result` if nothing ended it yet; whether this did.
        @discardableResult @Sendable func end(_ result: Result<Value, any Error>) -> Bool {
            let (first, continuation) = waiter.withLock { waiting -> (Bool, CheckedContinuation<Value, any Error>?) in
                let first = ended.withLock { outcome -> Bool in
                    guard outcome == nil else { return false }
                    outcome = result
                    return true
                }
                defer { if first { waiting = nil } }
                return (first, first ? waiting : nil)
            }
            guard first else {
                if case .success(let late) = result { dropping(late) }
                return false
            }
            continuation?.resume(with: result)
            for task in tasks.value { task.cancel() }
            return true
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let already = waiter.withLock { waiting -> Result<Value, any Error>? in
                    if let outcome = ended.value { return outcome }
                    waiting = continuation
                    return nil
                }
                if let already {
                    continuation.resume(with: already)
                    return
                }
                let work = Task {
                    do { end(.success(try await body())) } catch { end(.failure(error)) }
                }
                let timer = Task {
                    guard (try? await Task.sleep(for: timeout)) != nil else { return }
                    if end(.failure(PostgresStoreError.timedOut(action: action, after: timeout))) {
                        connection?.close().whenComplete { _ in }
                    }
                }
                tasks.value = [work, timer]
                if ended.value != nil {
                    work.cancel()
                    timer.cancel()
                }
            }
        } onCancel: {
            end(.failure(CancellationError()))
        }
    }
}
#endif
