import ArgumentParser
import Foundation
import OAuthGenCLI
import OAuthGenCore
import OAuthGenFetch

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download a provider's discovery document, pin it, or check a pinned one for drift.",
        discussion: """
            Fetches ISSUER/.well-known/openid-configuration (OpenID Connect Discovery §4), or with \
            --kind oauth the RFC 8414 document, whose well-known path goes between the host and the \
            issuer's path (https://as.example.com/t1 → /.well-known/oauth-authorization-server/t1). \
            The document's issuer must equal ISSUER exactly (OIDC Discovery §4.3, RFC 8414 §3.3).

            --output FILE pins it: members sorted, two-space indentation, newline at the end, so an \
            unchanged document re-pins to the same bytes (and the file is left untouched).

            --check FILE compares it with a pinned copy: a removed endpoint, algorithm, scope or \
            response type is an error, a changed endpoint too; additions are notes. Exit 1 on errors.

            Examples:
              oauthgen fetch https://accounts.google.com \\
                  --output google.openid-configuration.json
              oauthgen fetch https://accounts.google.com \\
                  --check google.openid-configuration.json
            """
    )

    @Argument(help: "The issuer identifier, e.g. https://accounts.google.com.")
    var issuer: String

    @Option(help: ArgumentHelp("Write the pinned document here.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("Compare with this pinned document and report drift.", valueName: "file"))
    var check: String?

    @Option(help: "openid: OpenID Connect Discovery; oauth: RFC 8414 authorization-server metadata.")
    var kind: DiscoveryDocumentFetch.Kind = .openid

    @Option(
        help: ArgumentHelp(
            "Accept this issuer in the document instead of ISSUER (Microsoft Entra's /common/v2.0 names {tenantid}).",
            valueName: "issuer"))
    var expectedIssuer: String?

    @Flag(help: "Allow http for an issuer on 127.0.0.1 or [::1] (local development servers only).")
    var allowInsecureLoopback = false

    @Option(help: ArgumentHelp("Seconds each request may take, the answer's last byte included.", valueName: "seconds"))
    var timeout: Double = 30

    func run() async throws {
        try await DiscoveryDownloader.$timeout.withValue(timeout) { try await fetchAndPin() }
    }

    private func fetchAndPin() async throws {
        let (document, source) = try await DiscoveryDownloader.fetch(
            issuer: issuer, kind: kind, expectedIssuer: expectedIssuer, allowInsecureLoopback: allowInsecureLoopback)
        var failed = false
        if let check {
            var diagnostics: [Diagnostic] = []
            if let pinnedBytes = ProviderLoader.readFile(check, diagnostics: &diagnostics) {
                let pinned = JSONReader.read(pinnedBytes, file: check)
                diagnostics += pinned.diagnostics
                if let pinnedValue = pinned.value {
                    diagnostics += DriftCheck.compare(pinned: pinnedValue, fetched: document, fetchedFrom: source)
                }
            }
            let sorted = diagnostics.sortedByLocation()
            DiagnosticPrinter.printText(sorted)
            failed = sorted.containsErrors
        }
        if let output {
            try DiscoveryDownloader.pin(document, to: output)
        } else if check == nil {
            CommandOutput.standardOutput(PinnedJSONWriter.write(document))
        }
        if failed { throw ExitCode.failure }
    }
}
