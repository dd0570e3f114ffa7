import Foundation
import OAuthGenCore

/// Prints findings the way compilers do, or as JSON for other tools.
enum DiagnosticPrinter {
    /// One finding as JSON.
    struct JSONDiagnostic: Encodable {
        var file: String?
        var line: Int?
        var column: Int?
        var severity: String
        var rule: String
        var message: String
        var reference: String?

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location?.file
            line = diagnostic.location?.line
            column = diagnostic.location?.column
            severity = diagnostic.severity.rawValue
            rule = diagnostic.rule.rawValue
            message = diagnostic.message
            reference = diagnostic.reference
        }
    }

    static func printText(_ diagnostics: [Diagnostic], minimumSeverity: Diagnostic.Severity = .note) {
        for diagnostic in diagnostics where diagnostic.severity >= minimumSeverity {
            StandardError.write(diagnostic.description + "\n")
        }
    }

    static func printJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}

enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
