import Foundation

/// A value the SDK's synchronous calls and the authorizer's async ones share across threads.
///
/// `@unchecked Sendable` because `value` is read and written only while `lock` is held, and
/// `NSLock` is itself thread-safe (the stored errors are only handed on, never mutated);
/// `Synchronization.Mutex` would say the same but needs macOS 15 and iOS 18, above the
/// package's minimums.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
