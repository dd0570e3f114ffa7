import Foundation

/// A value several threads share, read and written only under its lock: the package's one lock
/// box, for the places an actor cannot serve (a synchronous callback from URLSession, the MCP
/// SDK or a listener thread; a value a synchronous API reads).
///
/// `@unchecked Sendable` is sound here: `stored` is touched only inside `lock.withLock`, `NSLock`
/// is itself thread-safe, and `Value` is `Sendable`, so nothing read out of the box can race
/// with what stays in it. `Synchronization.Mutex` says the same without the annotation but needs
/// macOS 15 and iOS 18, above the package's minimums.
package final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    /// A box holding `value`.
    package init(_ value: Value) {
        stored = value
    }

    /// The value now; setting it replaces it under the lock.
    package var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Runs `body` on the value under the lock: a read and a write that no other thread can
    /// come between.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&stored) }
    }
}
