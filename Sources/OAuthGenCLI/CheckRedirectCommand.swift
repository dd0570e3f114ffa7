import ArgumentParser
import OAuthGenCore
import OAuthPolicy

package struct CheckRedirectCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "check-redirect",
        abstract: "Classify and check redirect URIs on their own, against RFC 8252.",
        discussion: """
            A native app's redirect URI must be one of three kinds (RFC 8252 §7):
              private use    com.example.app:/oauth2redirect
                             (a reverse domain name the app owns)
              claimed https  https://app.example.com/oauth2redirect
              loopback       http://127.0.0.1/callback or http://[::1]/callback
                             (any port)

            Text findings name the URI in place of a file: `URI:1:column: severity: message`, the \
            column pointing into the URI. Exits 1 if any URI has an error.

            With --format json, standard output gets:
              [{"uri":…,"kind":"privateUse|claimedHTTPS|loopback|invalid",
                "diagnostics":[{"severity":…,"rule":…,"message":…,"reference":…}]}]

            Example:
              oauthgen check-redirect com.example.app:/oauth2redirect myapp://callback
            """
    )

    @Argument(help: ArgumentHelp("The redirect URIs to check.", valueName: "uri"))
    package var uris: [String]

    @Option(help: "text: compiler-style lines on standard error; json: one document on standard output.")
    package var format: OutputFormat = .text

    struct Entry: Encodable {
        struct Finding: Encodable {
            var severity: String
            var rule: String
            var message: String
            var reference: String?
        }

        var uri: String
        var kind: String
        var diagnostics: [Finding]
    }

    package init() {}

    package func run() throws {
        let reports = uris.map { RedirectURIChecker.check($0) }
        switch format {
        case .text:
            for report in reports {
                DiagnosticPrinter.printText(report.findings.map { Diagnostic(finding: $0, standaloneURI: report.uri) })
            }
        case .json:
            DiagnosticPrinter.printJSON(
                reports.map { report in
                    Entry(
                        uri: report.uri, kind: report.kind.rawValue,
                        diagnostics: report.findings.map {
                            let diagnostic = Diagnostic(finding: $0, standaloneURI: report.uri)
                            return Entry.Finding(
                                severity: diagnostic.severity.rawValue, rule: diagnostic.rule.rawValue,
                                message: diagnostic.message,
                                reference: diagnostic.rule.reference)
                        })
                })
        }
        if reports.contains(where: { $0.findings.contains { $0.severity == .error } }) {
            throw ExitCode.failure
        }
    }
}
