import Foundation

/// The one deadline of an MCP request: its POST, every chunk of its answer, and each resumption
/// of a stream that dropped, however long the server asked the client to wait before it resumes
/// (issue 53, H2: a `retry` of 23 days, and the SDK's `send` has no deadline of its own).
enum RequestDeadline {
    /// How an operation raced against its deadline ended.
    enum Outcome: Sendable, Equatable {
        /// It finished first.
        case finished
        /// The deadline came first: the operation was cancelled (and has ended).
        case timedOut
    }

    /// Runs `operation`, cancelling it when `seconds` pass first; its errors are thrown as they are.
    static func run(
        within seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> Void
    ) async throws -> Outcome {
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            group.addTask {
                try await operation()
                return .finished
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return .timedOut
            }
            // Whichever comes first decides; the other is cancelled, and the group waits for it
            // to end, so a timed-out request has released its connection when this returns.
            defer { group.cancelAll() }
            return try await group.next() ?? .timedOut
        }
    }
}
