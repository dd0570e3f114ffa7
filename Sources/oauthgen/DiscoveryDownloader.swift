import ArgumentParser
import Foundation
import OAuthGenCLI
import OAuthGenCore
import OAuthGenFetch

/// The commands' side of the downloads (`OAuthGenFetch` does them and reports): the findings
/// printed as the build prints its own, the value returned, or the command ended.
enum DiscoveryDownloader {
    /// The document for `fetch` and `import --fetch-discovery`; see `DiscoveryDocumentFetch`.
    static func fetch(
        issuer: String, kind: DiscoveryDocumentFetch.Kind, expectedIssuer: String?, allowInsecureLoopback: Bool
    )
        async throws -> (document: JSONValue, source: String)
    {
        let fetched = try report(
            await DiscoveryDocumentFetch.fetch(
                issuer: issuer, kind: kind, expectedIssuer: expectedIssuer,
                allowInsecureLoopback: allowInsecureLoopback, downloader: downloader))
        return (fetched.document, fetched.source)
    }

    /// How the commands download: within the running command's `--timeout`.
    static var downloader: DocumentDownloader { DocumentDownloader(timeout: timeout) }

    /// The most one request may take, from sending it to the body's last byte: the command's
    /// `--timeout`, for the requests it makes on the task it runs them in.
    @TaskLocal static var timeout: TimeInterval = 30

    /// Prints `report`'s findings; its value, or the command ends.
    static func report<Value>(_ report: FetchReport<Value>) throws -> Value {
        DiagnosticPrinter.printText(report.diagnostics)
        guard let value = report.value else { throw ExitCode.failure }
        return value
    }

    /// A fetch that could not be made or answered (`fetch-failed`, unless `rule` says otherwise),
    /// printed as a diagnostic; the command ends.
    static func fail(_ message: String, rule: RuleID = .fetchFailed) -> ExitCode {
        DiagnosticPrinter.printText(FetchStop(message, rule: rule).diagnostics)
        return ExitCode.failure
    }

    /// Writes `document` pinned to `path`, atomically, leaving it untouched when unchanged.
    static func pin(_ document: JSONValue, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let file = GeneratedFile(name: (path as NSString).lastPathComponent, contents: PinnedJSONWriter.write(document))
        do {
            _ = try OutputWriter.write([file], to: directory.isEmpty ? "." : directory)
        } catch {
            StandardError.write(error.description + "\n")
            throw ExitCode.failure
        }
    }
}

extension DiscoveryDocumentFetch.Kind: ExpressibleByArgument {}
