import Foundation
import TestSupport

/// The built executables next to the test bundle.
enum Binaries {
    static func run(_ name: String, _ arguments: [String]) throws -> ProcessRunner.Run {
        try ProcessRunner.product(name, arguments)
    }
}
