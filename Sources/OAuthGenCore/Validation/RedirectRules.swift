/// Redirect URIs from input files, checked by `RedirectURIChecker` and placed at their value.
enum RedirectRules {
    static func check(_ uri: Located<String>) -> (RedirectReport, [Diagnostic]) {
        let report = RedirectURIChecker.check(uri.value)
        let diagnostics = report.findings.map { finding in
            Diagnostic(finding.severity, finding.rule, "redirect URI '\(uri.value)': \(finding.message)", at: uri.location)
        }
        return (report, diagnostics)
    }
}
