import Foundation
import TestSupport

/// The built executables next to the test bundle, run off Swift's cooperative pool (as
/// ``ProcessRunner/productDetached(_:_:in:)`` does): a sign-in through the browser blocks for
/// seconds, and two such waits on the pool's two threads stalled every other test.
enum Binaries {
    static func run(_ name: String, _ arguments: [String]) async throws -> ProcessRunner.Run {
        try await ProcessRunner.productDetached(name, arguments)
    }
}
