import OAuthPolicy

/// One finding about the inputs: what is wrong, where, which rule, and which standard says so.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a finding is.
    package enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
        case note
        case warning
        case error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    package var severity: Severity
    /// The stable identifier of the rule that produced this finding.
    package var rule: RuleID
    /// What was expected and what was found.
    package var message: String
    /// Where; `nil` only for findings about no file at all (e.g. a command-line argument).
    package var location: SourceLocation?

    package init(_ severity: Severity, _ rule: RuleID, _ message: String, at location: SourceLocation?) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
    }

    /// The standard and section behind the rule, e.g. `RFC 8252 §7.1`.
    package var reference: String? { rule.reference }

    /// `path:line:column: severity: message [RULE] (reference)` — the form compilers use, so that
    /// Xcode, `swift build` and editors attach it to the offending line.
    ///
    /// Messages quote input values, and paths come from the file system: both are escaped, so no
    /// input can print a second, forged diagnostic line or a terminal control sequence.
    public var description: String {
        var text = ""
        if let location { text += "\(TerminalText.escaping(location.description)): " }
        text += "\(severity.rawValue): \(TerminalText.escaping(message)) [\(rule.rawValue)]"
        if let reference { text += " (\(reference))" }
        return text
    }
}

extension Array where Element == Diagnostic {
    /// Whether any finding is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by file, line and column; findings without a location first, in their original order.
    package func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case (nil, nil): return a.offset < b.offset
            case (nil, _): return true
            case (_, nil): return false
            case let (l?, r?): return l == r ? a.offset < b.offset : l < r
            }
        }.map(\.element)
    }
}
