import OAuthGenCore

/// The findings that ended a fetch: one or more errors, with the warnings made before them.
package struct FetchStop: Error {
    package var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// A fetch that could not be made or answered: `fetch-failed`, unless `rule` says otherwise.
    package init(_ message: String, rule: RuleID = .fetchFailed) {
        self.init([Diagnostic(.error, rule, message, at: nil)])
    }
}
