import Foundation

/// Values appended from several threads or tasks and read back together: the servers a test
/// run started, the store handles a test opened. TestSupport has no OAuthLocking dependency.
public final class LockedList<Element: Sendable>: @unchecked Sendable {
    // @unchecked: `elements` is read and written only under `lock`.
    private let lock = NSLock()
    private var elements: [Element] = []

    public init() {}

    /// Adds `element` at the end.
    public func append(_ element: Element) { lock.withLock { elements.append(element) } }

    /// Everything appended so far, in order.
    public var all: [Element] { lock.withLock { elements } }
}
