import OAuthPolicy

/// Redirect URIs from input files: the checker's findings (`OAuthPolicy`), placed at the value.
enum RedirectRules {
    static func check(_ redirect: ClassifiedRedirect, what: String = "redirect URI") -> [Diagnostic] {
        redirect.report.findings.map { Diagnostic(finding: $0, uri: redirect.uri, what: what) }
    }
}

extension Diagnostic {
    /// A finding of the shared redirect checker, at the URI's value in its file.
    init(finding: RedirectFinding, uri: Located<String>, what: String = "redirect URI") {
        self.init(
            Severity(finding.severity), RuleID(finding.rule), "\(what) '\(uri.value)': \(finding.message)",
            at: uri.location)
    }

    /// A finding of the shared redirect checker about a URI given on its own (`oauthgen
    /// check-redirect`): the URI stands for the file, the column points into it.
    package init(finding: RedirectFinding, standaloneURI uri: String) {
        self.init(
            Severity(finding.severity), RuleID(finding.rule), finding.message,
            at: SourceLocation(file: uri, line: 1, column: finding.offset + 1))
    }
}

extension Diagnostic.Severity {
    init(_ severity: RedirectFinding.Severity) {
        switch severity {
        case .note: self = .note
        case .warning: self = .warning
        case .error: self = .error
        }
    }
}

extension RuleID {
    /// The build's rule ID for a rule of the shared redirect checker.
    init(_ rule: RedirectRule) {
        switch rule {
        case .syntax: self = .redirectSyntax
        case .notAbsolute: self = .redirectNotAbsolute
        case .fragment: self = .redirectFragment
        case .wildcard: self = .redirectWildcard
        case .port: self = .redirectPort
        case .credentials: self = .redirectCredentials
        case .reservedScheme: self = .redirectReservedScheme
        case .schemeNoPeriod: self = .redirectSchemeNoPeriod
        case .schemeForwardOrder: self = .redirectSchemeForwardOrder
        case .schemeDoubleSlash: self = .redirectSchemeDoubleSlash
        case .schemeRootless: self = .redirectSchemeRootless
        case .httpsNoHost: self = .redirectHTTPSNoHost
        case .httpsNotClaimable: self = .redirectHTTPSNotClaimable
        case .httpNotLoopback: self = .redirectHTTPNotLoopback
        case .localhost: self = .redirectLocalhost
        case .fixedPort: self = .redirectFixedPort
        }
    }
}
