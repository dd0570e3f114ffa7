import Foundation

/// Set once, from the task-cancellation handler; read by the listener thread.
package final class CancellationFlag: @unchecked Sendable {
    // @unchecked: `value` is only read and written under `lock`.
    private let lock = NSLock()
    private var value = false

    package init() {}

    package func set() { lock.withLock { value = true } }
    package var isSet: Bool { lock.withLock { value } }
}
