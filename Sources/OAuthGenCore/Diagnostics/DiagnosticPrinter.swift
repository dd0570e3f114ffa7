import Foundation

/// Prints findings the way compilers do, or as JSON for other tools.
package enum DiagnosticPrinter {
    /// One finding as JSON.
    package struct JSONDiagnostic: Encodable {
        package var file: String?
        package var line: Int?
        package var column: Int?
        package var severity: String
        package var rule: String
        package var message: String
        package var reference: String?

        package init(_ diagnostic: Diagnostic) {
            file = diagnostic.location?.file
            line = diagnostic.location?.line
            column = diagnostic.location?.column
            severity = diagnostic.severity.rawValue
            rule = diagnostic.rule.rawValue
            message = diagnostic.message
            reference = diagnostic.reference
        }
    }

    package static func printText(_ diagnostics: [Diagnostic], minimumSeverity: Diagnostic.Severity = .note) {
        for diagnostic in diagnostics where diagnostic.severity >= minimumSeverity {
            StandardError.write(diagnostic.description + "\n")
        }
    }

    package static func printJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        CommandOutput.standardOutput(String(decoding: data, as: UTF8.self) + "\n")
    }
}
