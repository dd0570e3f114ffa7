import Foundation

/// Set once, from the task-cancellation handler; read by the listener thread.
final class CancellationFlag: @unchecked Sendable {
    // @unchecked: `value` is only read and written under `lock`.
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
