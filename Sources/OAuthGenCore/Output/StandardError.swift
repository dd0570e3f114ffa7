import Foundation

/// Writes to the command's standard error (``CommandOutput``).
package enum StandardError {
    package static func write(_ text: String) {
        CommandOutput.standardError(text)
    }
}
