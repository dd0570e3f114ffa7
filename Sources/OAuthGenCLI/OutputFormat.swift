import ArgumentParser

/// How findings are printed.
package enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// `path:line:column: severity: message [rule] (reference)` lines on standard error.
    case text
    /// One JSON document on standard output.
    case json
}
